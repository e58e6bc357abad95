"""The Python client against a real `serve-env` (PHONEBUDDY_ENV_URL; src/env/python-client.test.ts
starts one and runs these with Debian's /usr/bin/python3)."""
import asyncio
import os
import unittest

from phonebuddy_env import AsyncPhoneBuddyEnv, EnvError, PhoneBuddyEnv, ScriptedPolicy, server_info, tool_call
from phonebuddy_env.scripted import notes_plan

URL = os.environ.get("PHONEBUDDY_ENV_URL", "http://127.0.0.1:8000")
TASK = "notes.create#body=Buy oat milk"


class SyncClient(unittest.TestCase):
    def test_http_endpoints(self):
        self.assertEqual(server_info(URL, "health"), {"status": "healthy"})
        self.assertIn("notes.create", server_info(URL, "metadata")["tasks"])
        schema = server_info(URL, "schema")
        self.assertEqual(set(schema) >= {"action", "observation", "state"}, True)

    def test_scripted_episode_reward_one(self):
        with PhoneBuddyEnv(URL) as env:
            r = env.reset(TASK, ui_tree=True)
            self.assertFalse(r.done)
            self.assertEqual(r.observation.step, 1)
            self.assertTrue(r.observation.screenshot_bytes.startswith(b"\xff\xd8"))
            policy = ScriptedPolicy(notes_plan("Buy oat milk"))
            while not r.done:
                r = env.step(policy(r.observation))
            self.assertEqual(r.reward, 1)
            self.assertEqual(r.observation.done_reason, "finish")
            self.assertEqual(env.state()["step_count"], 5)

    def test_parse_error_is_a_failed_step(self):
        with PhoneBuddyEnv(URL) as env:
            env.reset(TASK)
            r = env.step("no tool call in here")
            self.assertFalse(r.done)
            self.assertEqual(r.observation.last_step["status"], "failed")

    def test_errors_raise_with_openenv_codes(self):
        with PhoneBuddyEnv(URL) as env:
            with self.assertRaises(EnvError) as c:
                env.step("x")
            self.assertEqual(c.exception.code, "SESSION_ERROR")
            with self.assertRaises(EnvError) as c:
                env.reset("no.such.task")
            self.assertEqual(c.exception.code, "VALIDATION_ERROR")
            self.assertIn("no.such.task", c.exception.message)
            self.assertEqual(env.reset(TASK).observation.step, 1)


class AsyncClient(unittest.TestCase):
    def test_group_of_four_resets_alike_and_fork(self):
        async def main():
            envs = [await AsyncPhoneBuddyEnv(URL).connect() for _ in range(4)]
            try:
                firsts = await asyncio.gather(*(e.reset(TASK, seed=7) for e in envs))
                self.assertEqual(len({f.observation.screenshot["data"] for f in firsts}), 1)
                await envs[0].step(tool_call("open_app", app="com.phonebuddy.notes"))
                sid, forked = await envs[0].fork()
                self.assertEqual(forked.observation.step, 2)
                child = await AsyncPhoneBuddyEnv(URL, session=sid).connect()
                r = await child.step(tool_call("finish", text="done"))
                self.assertTrue(r.done)
                self.assertEqual(r.reward, 0)
                await child.close()
            finally:
                for e in envs:
                    await e.close()
        asyncio.run(main())


if __name__ == "__main__":
    unittest.main()
