/**
 * A Linux process's or thread's `stat` line, split into its fields after the command name: the name
 * is in parentheses and may hold spaces, so the fields are read from after its closing one. Index 0
 * is field 3 (state): 11 and 12 are utime and stime, 13 and 14 cutime and cstime, 16 the nice value.
 * `entry` names the entry under /proc: a pid, or `self/task/<tid>` for a thread of this process.
 */
import fs from 'node:fs';

export const procStat = (entry: number | string): string[] => fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
