"""WebSocket clients: AsyncPhoneBuddyEnv (asyncio) and PhoneBuddyEnv (blocking, on its own
event loop), one session per connection, as OpenEnv's EnvClient. HTTP helpers use requests."""
from __future__ import annotations

import asyncio
import json
from typing import Any, Dict, Optional, Union

import requests
import websockets

from .types import Action, EnvError, StepResult


def _ws_url(base_url: str) -> str:
    if base_url.startswith("http"):
        base_url = "ws" + base_url[4:]
    return base_url.rstrip("/") + "/ws"


def server_info(base_url: str, what: str = "metadata") -> Dict[str, Any]:
    """GET /health, /metadata, /schema, /state or /sessions."""
    r = requests.get(f"{base_url.rstrip('/')}/{what}", timeout=30)
    r.raise_for_status()
    return r.json()


class AsyncPhoneBuddyEnv:
    """`async with AsyncPhoneBuddyEnv(url) as env: r = await env.reset(task=...)`."""

    def __init__(self, base_url: str, session: Optional[str] = None, max_size: int = 64 << 20):
        self.base_url = base_url
        self._attach = session
        self._max_size = max_size
        self._ws: Any = None

    async def connect(self) -> "AsyncPhoneBuddyEnv":
        url = _ws_url(self.base_url) + (f"?session={self._attach}" if self._attach else "")
        self._ws = await websockets.connect(url, max_size=self._max_size)
        return self

    async def __aenter__(self) -> "AsyncPhoneBuddyEnv":
        return await self.connect()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def _request(self, msg: Dict[str, Any]) -> Dict[str, Any]:
        if self._ws is None:
            await self.connect()
        await self._ws.send(json.dumps(msg))
        try:
            reply = json.loads(await self._ws.recv())
        except websockets.ConnectionClosed as e:
            raise EnvError("SESSION_ERROR", f"the server closed the connection ({e.code} {e.reason})") from e
        if reply.get("type") == "error":
            raise EnvError(reply["data"].get("code", "EXECUTION_ERROR"), reply["data"].get("message", ""))
        return reply

    async def reset(self, task: str, params: Optional[Dict[str, Any]] = None, seed: Optional[int] = None,
                    episode_id: Optional[str] = None, ui_tree: bool = False, messages: bool = False,
                    image_format: str = "jpeg", max_pixels: Optional[int] = None) -> StepResult:
        observe: Dict[str, Any] = {"ui_tree": ui_tree, "messages": messages, "image_format": image_format}
        if max_pixels:
            observe["max_pixels"] = max_pixels
        data: Dict[str, Any] = {"task": task, "observe": observe}
        if params:
            data["params"] = params
        if seed is not None:
            data["seed"] = seed
        if episode_id:
            data["episode_id"] = episode_id
        return StepResult.from_json((await self._request({"type": "reset", "data": data}))["data"])

    async def step(self, action: Union[Action, str, Dict[str, Any]]) -> StepResult:
        if isinstance(action, str):
            action = Action(text=action)
        body = action.to_json() if isinstance(action, Action) else action
        return StepResult.from_json((await self._request({"type": "step", "data": body}))["data"])

    async def state(self) -> Dict[str, Any]:
        return (await self._request({"type": "state"}))["data"]

    async def fork(self) -> "tuple[str, StepResult]":
        """Clones this session at its current step; returns the new session's id and observation.
        Attach to it with AsyncPhoneBuddyEnv(url, session=id)."""
        data = (await self._request({"type": "fork"}))["data"]
        return data["session_id"], StepResult.from_json(data)

    async def close(self) -> None:
        if self._ws is not None:
            try:
                await self._ws.send(json.dumps({"type": "close"}))
            except websockets.ConnectionClosed:
                pass
            await self._ws.close()
            self._ws = None


class PhoneBuddyEnv:
    """The blocking client: the same calls without await. Not for use inside a running event loop."""

    def __init__(self, base_url: str, session: Optional[str] = None):
        self._loop = asyncio.new_event_loop()
        self._env = AsyncPhoneBuddyEnv(base_url, session=session)
        self.base_url = base_url

    def _run(self, coro: Any) -> Any:
        return self._loop.run_until_complete(coro)

    def __enter__(self) -> "PhoneBuddyEnv":
        self._run(self._env.connect())
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def reset(self, task: str, **kw: Any) -> StepResult:
        return self._run(self._env.reset(task, **kw))

    def step(self, action: Union[Action, str, Dict[str, Any]]) -> StepResult:
        return self._run(self._env.step(action))

    def state(self) -> Dict[str, Any]:
        return self._run(self._env.state())

    def fork(self) -> "tuple[str, StepResult]":
        return self._run(self._env.fork())

    def close(self) -> None:
        if not self._loop.is_closed():
            self._run(self._env.close())
            self._loop.close()
