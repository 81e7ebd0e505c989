"""Discord's limits on what a bot sends, checked as Discord checks them.

A payload over a limit is refused with HTTP 400, JSON code 50035 "Invalid Form Body" and the field's
path in ``errors`` (``{"embeds": {"0": {"title": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", ...}]}}}}``),
which discord.py shows as ``In embeds.0.title: Must be 256 or fewer in length.``. Attachments over the
guild's upload limit get 413 / 40005 "Request entity too large". The figures are Discord's documented
limits (developer docs: Message resource, Embed limits, Component reference, Receiving and responding).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .http_util import DiscordError

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
ROW_WIDTH = 5  # five buttons, or one select, fill a row
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
SELECT_PLACEHOLDER_MAX = 150
OPTION_TEXT_MAX = 100  # a select option's label, value and description
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
ATTACHMENTS_MAX = 10
DEFAULT_UPLOAD_LIMIT = 25 * 1024 * 1024
AUTOCOMPLETE_CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
THREAD_NAME_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_ROWS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = (3, 5, 6, 7, 8)
TEXT_DISPLAY = 10


class FormErrors:
    """The Invalid Form Body errors of one payload, by field path, raised together as Discord does."""

    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}
        self.first: str | None = None

    def add(self, path: str, code: str, message: str) -> None:
        node = self.errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.first = self.first or f"{path}: {message}"

    def longer(self, path: str, value: Any, limit: int) -> None:
        if value is not None and len(str(value)) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def between(self, path: str, value: Any, low: int, high: int) -> None:
        if value is not None and not low <= len(str(value)) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def count(self, path: str, items: Iterable[Any] | None, limit: int) -> None:
        if items is not None and len(list(items)) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_any(self) -> None:
        if self.errors:
            raise DiscordError(400, 50035, "Invalid Form Body", self.errors)


def _path(prefix: str, name: str | int) -> str:
    return f"{prefix}.{name}" if prefix else str(name)


def check_embeds(errors: FormErrors, embeds: list[Any], prefix: str = "embeds") -> None:
    errors.count(prefix, embeds, EMBEDS_MAX)
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        at = _path(prefix, i)
        errors.longer(_path(at, "title"), embed.get("title"), EMBED_TITLE_MAX)
        errors.longer(_path(at, "description"), embed.get("description"), EMBED_DESCRIPTION_MAX)
        fields = embed.get("fields") or []
        errors.count(_path(at, "fields"), fields, EMBED_FIELDS_MAX)
        for j, field in enumerate(fields):
            where = _path(_path(at, "fields"), j)
            errors.between(_path(where, "name"), field.get("name", ""), 1, EMBED_FIELD_NAME_MAX)
            errors.between(_path(where, "value"), field.get("value", ""), 1, EMBED_FIELD_VALUE_MAX)
            total += len(str(field.get("name") or "")) + len(str(field.get("value") or ""))
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        errors.longer(_path(at, "footer.text"), footer, EMBED_FOOTER_MAX)
        errors.longer(_path(at, "author.name"), author, EMBED_AUTHOR_MAX)
        for text in (embed.get("title"), embed.get("description"), footer, author):
            total += len(str(text or ""))
    if total > EMBED_TOTAL_MAX:
        errors.add(prefix, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}")


def _check_row(errors: FormErrors, at: str, row: dict[str, Any]) -> None:
    inner = row.get("components") or []
    width = sum(ROW_WIDTH if c.get("type") in SELECTS else 1 for c in inner)
    if len(inner) > ROW_WIDTH:
        errors.add(
            _path(at, "components"), "BASE_TYPE_MAX_LENGTH", f"Must be {ROW_WIDTH} or fewer in length."
        )
    elif width > ROW_WIDTH:
        errors.add(
            _path(at, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )


def _check_one(errors: FormErrors, at: str, comp: dict[str, Any]) -> None:
    kind = comp.get("type")
    if "custom_id" in comp:
        errors.between(_path(at, "custom_id"), comp.get("custom_id"), 1, CUSTOM_ID_MAX)
    if kind == ACTION_ROW:
        _check_row(errors, at, comp)
    elif kind == BUTTON:
        errors.longer(_path(at, "label"), comp.get("label"), BUTTON_LABEL_MAX)
    elif kind in SELECTS:
        errors.longer(_path(at, "placeholder"), comp.get("placeholder"), SELECT_PLACEHOLDER_MAX)
        if kind == STRING_SELECT:
            options = comp.get("options") or []
            if not options:
                errors.add(_path(at, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            errors.count(_path(at, "options"), options, SELECT_OPTIONS_MAX)
            for k, option in enumerate(options):
                where = _path(_path(at, "options"), k)
                errors.between(_path(where, "label"), option.get("label", ""), 1, OPTION_TEXT_MAX)
                errors.between(_path(where, "value"), option.get("value", ""), 1, OPTION_TEXT_MAX)
                errors.longer(_path(where, "description"), option.get("description"), OPTION_TEXT_MAX)
    elif kind == TEXT_INPUT:
        errors.longer(_path(at, "label"), comp.get("label"), TEXT_INPUT_LABEL_MAX)
        errors.longer(_path(at, "placeholder"), comp.get("placeholder"), OPTION_TEXT_MAX)


def walk(components: list[Any], prefix: str = "components") -> Iterable[tuple[str, dict[str, Any]]]:
    """Every component with its field path (rows, containers, sections and their accessories)."""
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        at = _path(prefix, i)
        yield at, comp
        yield from walk(comp.get("components") or [], _path(at, "components"))
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            yield _path(at, "accessory"), accessory
        if isinstance(comp.get("component"), dict):  # a label's (modal) component
            yield _path(at, "component"), comp["component"]


def check_components(errors: FormErrors, components: list[Any], v2: bool) -> None:
    if not v2:
        errors.count("components", components, ACTION_ROWS_MAX)
    everything = list(walk(components))
    for at, comp in everything:
        _check_one(errors, at, comp)
    if v2:
        if len(everything) > V2_COMPONENTS_MAX:
            errors.add(
                "components", "BASE_TYPE_MAX_LENGTH", f"Must be {V2_COMPONENTS_MAX} or fewer in length."
            )
        text = sum(len(str(c.get("content", ""))) for _, c in everything if c.get("type") == TEXT_DISPLAY)
        if text > V2_TEXT_MAX:
            errors.add(
                "components",
                "MAX_COMPONENT_CONTENT_LENGTH_EXCEEDED",
                f"The total length of text displays must be {V2_TEXT_MAX} or fewer, got {text}.",
            )


def check_attachments(count: int, sizes: list[int], upload_limit: int) -> None:
    """10 files a message; the files of one request at most the guild's upload limit (413 / 40005)."""
    errors = FormErrors()
    if count > ATTACHMENTS_MAX:
        errors.add("attachments", "BASE_TYPE_MAX_LENGTH", f"Must be {ATTACHMENTS_MAX} or fewer in length.")
    errors.raise_any()
    if sum(sizes) > upload_limit:
        raise DiscordError(413, 40005, "Request entity too large")


def check_choices(choices: Any) -> None:
    """An autocomplete result: 25 choices, each name and string value 1 to 100 characters."""
    errors = FormErrors()
    items = choices if isinstance(choices, list) else []
    errors.count("data.choices", items, AUTOCOMPLETE_CHOICES_MAX)
    for i, choice in enumerate(items):
        at = f"data.choices.{i}"
        errors.between(f"{at}.name", choice.get("name", ""), 1, CHOICE_TEXT_MAX)
        value = choice.get("value")
        if isinstance(value, str):
            errors.between(f"{at}.value", value, 1, CHOICE_TEXT_MAX)
    errors.raise_any()


def check_modal(data: dict[str, Any]) -> None:
    errors = FormErrors()
    errors.between("data.title", data.get("title", ""), 1, MODAL_TITLE_MAX)
    errors.between("data.custom_id", data.get("custom_id", ""), 1, CUSTOM_ID_MAX)
    rows = data.get("components") or []
    errors.count("data.components", rows, MODAL_ROWS_MAX)
    for at, comp in walk(rows, "data.components"):
        _check_one(errors, at, comp)
    errors.raise_any()


def check_thread_name(name: Any) -> None:
    errors = FormErrors()
    errors.between("name", name if name is not None else "", 1, THREAD_NAME_MAX)
    errors.raise_any()
