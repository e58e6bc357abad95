// The commands the mock phone's shell knows; anything else is "not found" (exit 127).
import type { ShellCommand } from '../env';
import { am } from './am';
import { cat, echo, falseCommand, grep, ls, rm, sleep, trueCommand } from './basic';
import { cmd } from './cmd';
import { dumpsys } from './dumpsys';
import { getprop } from './getprop';
import { ime } from './ime';
import { input } from './input';
import { monkey } from './monkey';
import { pm } from './pm';
import { screencap } from './screencap';
import { settings } from './settings';
import { sqlite3 } from './sqlite3';
import { uiautomator } from './uiautomator';
import { wm } from './wm';

export const COMMANDS = new Map<string, ShellCommand>([
  ['am', am], ['cat', cat], ['cmd', cmd], ['dumpsys', dumpsys], ['echo', echo], ['false', falseCommand],
  ['getprop', getprop], ['grep', grep], ['ime', ime], ['input', input], ['ls', ls], ['monkey', monkey],
  ['pm', pm], ['rm', rm], ['screencap', screencap], ['settings', settings], ['sleep', sleep],
  ['sqlite3', sqlite3], ['true', trueCommand], ['uiautomator', uiautomator], ['wm', wm],
]);
