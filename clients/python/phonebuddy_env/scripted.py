"""A scripted policy for examples and CI (no GPU model): each step either a tool call or a
click on the UI node with a resource-id, placed in the model's 0-1000 space from the UI tree."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, Dict, List, Optional, Sequence

from .types import Action, Observation, tool_call


def click_target(obs: Observation, resource_id: str) -> Action:
    """A click at the center of the first node whose resource-id is (or ends with) `resource_id`."""
    if not obs.ui_tree:
        raise ValueError("reset with ui_tree=True to click by resource-id")
    shot = obs.screenshot or {}
    width, height = shot.get("width"), shot.get("height")
    for node in ET.fromstring(obs.ui_tree).iter("node"):
        rid = node.get("resource-id", "")
        if rid == resource_id or rid.endswith("/" + resource_id):
            x1, y1, x2, y2 = map(int, re.findall(r"-?\d+", node.get("bounds", "")))
            return tool_call("click", points=[[round((x1 + x2) / 2 * 1000 / width), round((y1 + y2) / 2 * 1000 / height)]])
    raise ValueError(f"no UI node with resource-id {resource_id!r}")


class ScriptedPolicy:
    """Plays a fixed plan: items are Actions, or {"click": resource_id}."""

    def __init__(self, plan: Sequence[Any]):
        self.plan: List[Any] = list(plan)
        self.i = 0

    def __call__(self, obs: Observation) -> Action:
        item = self.plan[self.i] if self.i < len(self.plan) else tool_call("finish", text="out of plan")
        self.i += 1
        if isinstance(item, dict) and "click" in item:
            return click_target(obs, item["click"])
        return item


def notes_plan(body: str) -> List[Any]:
    """The notes.create task's plan (tasks-examples/single-app/notes-create.task.yaml)."""
    return [
        tool_call("open_app", app="com.phonebuddy.notes"),
        {"click": "new_note"},
        tool_call("type", text=body),
        {"click": "save"},
        tool_call("finish", text="Saved the note."),
    ]
