"""TRL GRPOTrainer with `environment_factory`: a class TRL instantiates once per rollout; its
`reset(**row)` gets the dataset row's columns and returns text added to the prompt; its public
methods (with docstrings) are the tools the model calls; reward functions see the instances
as `environments`. With TRL installed:

    trainer = GRPOTrainer(model=..., train_dataset=Dataset.from_list(ROWS), reward_funcs=reward,
                          args=GRPOConfig(...), environment_factory=PhoneBuddyToolEnv)

TRL is not installed here (no PyPI), so `harness()` below drives the class the way GRPOTrainer
does — one instance per completion of a group, reset with the row, tool calls, then the reward
function — with a scripted policy in place of the model.
"""
import os
import sys
from typing import List

from phonebuddy_env import PhoneBuddyEnv, click_target, tool_call

URL = os.environ.get("PHONEBUDDY_ENV_URL", "http://127.0.0.1:8000")
ROWS = [{"prompt": [{"role": "user", "content": "Write the note."}], "task": "notes.create", "params": {"body": "Buy oat milk"}, "seed": 0}]


class PhoneBuddyToolEnv:
    def __init__(self):
        self.env = PhoneBuddyEnv(URL)
        self.result = None
        self.reward = 0.0

    def reset(self, task: str, params=None, seed=None, **row) -> str:
        self.result = self.env.reset(task, params=params, seed=seed, ui_tree=True)
        self.reward = 0.0
        return f"Goal: {self.result.observation.goal}"

    def _act(self, action) -> str:
        if self.result.done:
            return "The episode has ended."
        self.result = self.env.step(action)
        if self.result.done:
            self.reward = float(self.result.reward or 0.0)
            return f"Episode ended ({self.result.observation.done_reason})."
        last = self.result.observation.last_step
        return f"{last['status']}{': ' + last['error'] if last.get('error') else ''}; foreground {self.result.observation.foreground_app}"

    def open_app(self, app: str) -> str:
        """
        Open an app by its package name.

        Args:
            app: The package name, e.g. com.phonebuddy.notes

        Returns:
            What happened.
        """
        return self._act(tool_call("open_app", app=app))

    def click(self, x: int, y: int) -> str:
        """
        Tap the screen.

        Args:
            x: Horizontal position, 0-1000
            y: Vertical position, 0-1000

        Returns:
            What happened.
        """
        return self._act(tool_call("click", points=[[x, y]]))

    def type(self, text: str) -> str:
        """
        Type text into the focused field.

        Args:
            text: The text to type

        Returns:
            What happened.
        """
        return self._act(tool_call("type", text=text))

    def finish(self, text: str) -> str:
        """
        Declare the task done.

        Args:
            text: A short summary

        Returns:
            What happened.
        """
        return self._act(tool_call("finish", text=text))


def reward(completions, environments: List[PhoneBuddyToolEnv], **kwargs) -> List[float]:
    return [env.reward for env in environments]


def harness(num_generations: int = 4) -> List[float]:
    """What GRPOTrainer does per dataset row: N environments, reset(**row), tool calls, reward."""
    row = ROWS[0]
    envs = [PhoneBuddyToolEnv() for _ in range(num_generations)]
    prompts = [e.reset(**{k: v for k, v in row.items() if k != "prompt"}) for e in envs]
    assert len(set(prompts)) == 1, prompts
    for i, env in enumerate(envs):
        env.open_app("com.phonebuddy.notes")
        if i % 2 == 0:  # half the group solves the task, half gives up: GRPO's advantage is non-zero
            p = click_target(env.result.observation, "new_note").tool_call["args"]["points"][0]
            env.click(*p)
            env.type(row["params"]["body"])
            p = click_target(env.result.observation, "save").tool_call["args"]["points"][0]
            env.click(*p)
        print(env.finish("done"))
    rewards = reward([None] * num_generations, environments=envs)
    for e in envs:
        e.env.close()
    print("group rewards:", rewards)
    return rewards


if __name__ == "__main__":
    sys.exit(0 if harness() == [1.0, 0.0, 1.0, 0.0] else 1)
