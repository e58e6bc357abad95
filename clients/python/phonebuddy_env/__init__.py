"""Client for `phonebuddy serve-env` (OpenEnv's WebSocket protocol over PhoneBuddy mock phones)."""
from .types import Action, EnvError, Observation, StepResult, tool_call
from .client import AsyncPhoneBuddyEnv, PhoneBuddyEnv, server_info
from .scripted import ScriptedPolicy, click_target

__all__ = [
    "Action", "EnvError", "Observation", "StepResult", "tool_call",
    "AsyncPhoneBuddyEnv", "PhoneBuddyEnv", "server_info", "ScriptedPolicy", "click_target",
]
