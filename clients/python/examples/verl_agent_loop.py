"""A verl agent loop over serve-env. In verl it subclasses verl.experimental.agent_loop.AgentLoopBase
(registered with @register("phonebuddy")), and `run(sampling_params, **kwargs)` gets the dataset
row and returns an AgentLoopOutput (prompt_ids, response_ids, response_mask, num_turns, reward
score); `self.server_manager.generate(...)` is the model. verl is not installed here (no PyPI),
so the base class and the model are stand-ins with the same call shape, driven by `harness()`:
the scripted policy plays the model, the token ids are the text's bytes.
"""
import asyncio
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List

from phonebuddy_env import AsyncPhoneBuddyEnv, ScriptedPolicy
from phonebuddy_env.scripted import notes_plan

URL = os.environ.get("PHONEBUDDY_ENV_URL", "http://127.0.0.1:8000")

try:  # the real thing when verl is installed
    from verl.experimental.agent_loop.agent_loop import AgentLoopBase, AgentLoopOutput  # type: ignore
except ImportError:
    class AgentLoopBase:  # the stand-in: same constructor fields the loop uses
        def __init__(self, server_manager: Any, tokenizer: Any = None, **kwargs: Any):
            self.server_manager = server_manager
            self.tokenizer = tokenizer

    @dataclass
    class AgentLoopOutput:
        prompt_ids: List[int]
        response_ids: List[int]
        response_mask: List[int]
        num_turns: int = 0
        reward_score: float = 0.0
        metrics: Dict[str, Any] = field(default_factory=dict)


class PhoneBuddyAgentLoop(AgentLoopBase):
    async def run(self, sampling_params: Dict[str, Any], **kwargs: Any) -> "AgentLoopOutput":
        extra = kwargs.get("extra_info", {})
        async with AsyncPhoneBuddyEnv(URL) as env:
            result = await env.reset(extra["task"], params=extra.get("params"), seed=extra.get("seed"), ui_tree=True, messages=True)
            prompt_ids = list(result.observation.goal.encode())
            response_ids: List[int] = []
            mask: List[int] = []
            turns = 0
            while not result.done:
                # The model gets the exact PhoneBuddy request and answers with raw text.
                text = await self.server_manager.generate(messages=result.observation.messages, observation=result.observation, sampling_params=sampling_params)
                ids = list(text.encode())
                response_ids += ids
                mask += [1] * len(ids)
                result = await env.step(text)
                turns += 1
                feedback = list(f"[{result.observation.last_step['status']}]".encode())  # env tokens: masked out
                response_ids += feedback
                mask += [0] * len(feedback)
            return AgentLoopOutput(prompt_ids=prompt_ids, response_ids=response_ids, response_mask=mask, num_turns=turns,
                                   reward_score=float(result.reward or 0.0), metrics={"done_reason": result.observation.done_reason})


class ScriptedServerManager:
    """Plays the model: the scripted plan rendered as PhoneBuddy's raw output (<tool_call> JSON)."""

    def __init__(self):
        self.policy = ScriptedPolicy(notes_plan("Call the dentist at 3pm"))

    async def generate(self, messages, observation, sampling_params) -> str:
        import json
        call = self.policy(observation).tool_call
        return f"<think>next step</think>\n<tool_call>\n{json.dumps({'name': call['name'], 'arguments': call['args']})}\n</tool_call>"


def harness() -> float:
    loop = PhoneBuddyAgentLoop(server_manager=ScriptedServerManager())
    out = asyncio.run(loop.run({"temperature": 1.0}, extra_info={"task": "notes.create", "params": {"body": "Call the dentist at 3pm"}}))
    print(f"turns {out.num_turns}, reward {out.reward_score}, {sum(out.response_mask)} model tokens of {len(out.response_ids)}")
    return out.reward_score


if __name__ == "__main__":
    sys.exit(0 if harness() == 1.0 else 1)
