"""Request bodies (JSON or multipart with files) and Discord-shaped error answers."""

from __future__ import annotations

import json
import mimetypes
import re
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .recording import UploadedFile


@dataclass
class Body:
    json: Any = None
    files: list[UploadedFile] = field(default_factory=list)


class DiscordError(Exception):
    """Raised by a handler to answer with Discord's error JSON."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Content-Type exactly ``application/json``: discord.py compares the header verbatim."""
    resp = web.Response(body=json.dumps(data).encode(), status=status, headers=headers)
    resp.headers["Content-Type"] = "application/json"
    return resp


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


def invalid_form(reason: str) -> DiscordError:
    return DiscordError(
        400, 50035, "Invalid Form Body", {"_errors": [{"code": "BASE_TYPE_INVALID", "message": reason}]}
    )


def parse_body(content_type: str, raw: bytes) -> Body:
    if not raw:
        return Body()
    if content_type.startswith("multipart/"):
        return _parse_multipart(content_type, raw)
    try:
        return Body(json=json.loads(raw))
    except ValueError:
        return Body(json=raw.decode("utf-8", "replace"))


def _parse_multipart(content_type: str, raw: bytes) -> Body:
    """multipart/form-data as aiohttp (discord.py's client) writes it, read by splitting on the boundary
    (the standard library's e-mail parser took about 5 ms a request: the load test uploads thousands)."""
    boundary = _param(content_type, "boundary")
    body = Body()
    if not boundary:
        return body
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):
            break  # the closing delimiter
        head, _, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        headers = _headers(head.decode("utf-8", "replace"))
        _add_part(body, headers, data.removesuffix(b"\r\n"))
    return body


def _headers(head: str) -> dict[str, str]:
    out = {}
    for line in head.split("\r\n"):
        name, _, value = line.partition(":")
        out[name.strip().lower()] = value.strip()
    return out


def _param(header: str, key: str) -> str | None:
    found = re.search(rf'(?:^|;)\s*{key}\*?=("(?:[^"\\]|\\.)*"|[^;]*)', header)
    if not found:
        return None
    value = found.group(1).strip()
    if value.startswith('"'):
        value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    elif value.lower().startswith("utf-8''"):
        value = urllib.parse.unquote(value[7:])
    return value


def _add_part(body: Body, headers: dict[str, str], data: bytes) -> None:
    disposition = headers.get("content-disposition", "")
    name = _param(disposition, "name") or ""
    filename = _param(disposition, "filename")
    if name == "payload_json":
        body.json = json.loads(data)
    elif filename is not None:
        ctype = headers.get("content-type", "application/octet-stream").split(";")[0].strip()
        if ctype in ("application/octet-stream", "text/plain"):
            ctype = mimetypes.guess_type(filename)[0] or ctype
        body.files.append(UploadedFile(str(name), filename, data, ctype))
    elif name:
        # loose form fields (content=...) are merged into the JSON payload
        if body.json is None:
            body.json = {}
        body.json[str(name)] = data.decode()


def file_index(field_name: str) -> int | None:
    """``files[3]`` -> 3 (discord.py's multipart field names)."""
    if field_name.startswith("files[") and field_name.endswith("]"):
        try:
            return int(field_name[6:-1])
        except ValueError:
            return None
    return None
