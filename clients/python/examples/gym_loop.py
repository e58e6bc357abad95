"""A plain Gymnasium-style loop: obs = reset(); while not done: obs, reward, done = step(policy(obs)).
Run: python3 gym_loop.py http://127.0.0.1:8000  (a scripted policy stands in for the model)."""
import sys

from phonebuddy_env import PhoneBuddyEnv, ScriptedPolicy
from phonebuddy_env.scripted import notes_plan


def main(url: str) -> float:
    with PhoneBuddyEnv(url) as env:
        result = env.reset("notes.create#body=Water the plants", ui_tree=True, messages=True)
        policy = ScriptedPolicy(notes_plan("Water the plants"))
        total = 0.0
        while not result.done:
            # A model would read result.observation.messages (the exact PhoneBuddy request).
            result = env.step(policy(result.observation))
            total += result.reward or 0.0
            print(f"step {result.observation.step:2d} {result.observation.last_step['status']:6s} reward {result.reward}")
        print(f"done: {result.observation.done_reason}, return {total}")
        return total


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000") == 1.0 else 1)
