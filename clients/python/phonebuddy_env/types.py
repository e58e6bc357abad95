"""The action, observation and step result of the service (the JSON Schemas at GET /schema)."""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional


class EnvError(Exception):
    """An OpenEnv error reply: `code` is one of INVALID_JSON, UNKNOWN_TYPE, VALIDATION_ERROR,
    EXECUTION_ERROR, CAPACITY_REACHED, FACTORY_ERROR, SESSION_ERROR."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass
class Action:
    """Raw model text (parsed by the server like the reference runner) or a tool call."""

    text: Optional[str] = None
    tool_call: Optional[Dict[str, Any]] = None
    thought: Optional[str] = None

    def to_json(self) -> Dict[str, Any]:
        if (self.text is None) == (self.tool_call is None):
            raise ValueError("an Action is either text or a tool_call")
        if self.text is not None:
            return {"text": self.text}
        out: Dict[str, Any] = {"tool_call": self.tool_call}
        if self.thought:
            out["thought"] = self.thought
        return out


def tool_call(name: str, **args: Any) -> Action:
    """A structured action in the protocol's own shape: tool_call('click', points=[[500, 300]])."""
    return Action(tool_call={"name": name, "args": args})


@dataclass
class Observation:
    goal: str
    step: int
    max_steps: int
    episode_id: str
    task_id: str
    instance_id: str
    screenshot: Optional[Dict[str, Any]]
    foreground_app: Optional[str]
    last_step: Optional[Dict[str, Any]]
    done_reason: Optional[str]
    safety_violations: List[Dict[str, str]]
    ui_tree: Optional[str] = None
    messages: Optional[List[Dict[str, Any]]] = None
    extra: Dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, d: Dict[str, Any]) -> "Observation":
        known = {f for f in cls.__dataclass_fields__ if f != "extra"}
        return cls(**{k: d.get(k) for k in known}, extra={k: v for k, v in d.items() if k not in known})

    @property
    def screenshot_bytes(self) -> Optional[bytes]:
        return base64.b64decode(self.screenshot["data"]) if self.screenshot else None


@dataclass
class StepResult:
    observation: Observation
    reward: Optional[float]
    done: bool

    @classmethod
    def from_json(cls, d: Dict[str, Any]) -> "StepResult":
        return cls(Observation.from_json(d["observation"]), d.get("reward"), bool(d.get("done")))
