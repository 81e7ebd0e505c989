"""A loopback stand-in for Discord (REST + gateway) that the real discord.py client can talk to.

See tests/e2e/README.md. Entry points: ``FakeDiscord`` (the server), ``SimMember`` (a member acting
through interactions), ``InteractionHandle`` (waiting for the bot's answers), ``Message`` (a recorded
message).
"""

from .faults import Faults
from .members import InteractionHandle, SimMember
from .process import BotProcess
from .recording import Attachment, CallbackRecord, Message, RecordedRequest
from .server import DEFAULT_TOKEN, FakeDiscord

__all__ = [
    "DEFAULT_TOKEN",
    "Attachment",
    "BotProcess",
    "CallbackRecord",
    "FakeDiscord",
    "Faults",
    "InteractionHandle",
    "Message",
    "RecordedRequest",
    "SimMember",
]
