complete -c rogue -l seed -d 'Play a reproducible game: the dungeon number and seed are N' -r
complete -c rogue -l score-file -d 'The score file (default: rogue.scr in the current directory, or the one this build was configured with)' -r
complete -c rogue -l save-file -d 'The default save file (else ~/rogue.save; ROGUEOPTS file= still wins)' -r
complete -c rogue -l logfile -d 'Append a line for every game that ends (xlogfile style key=value fields; default: none, or the one this build was configured with)' -r
complete -c rogue -l record -d 'Write the game down as it is played, as a test case (NAME.case, with its input files beside it as NAME.in.*) that `rogue --replay` and `rogue-trace` play again. An existing FILE is kept unless --force' -r -F
complete -c rogue -l replay -d 'Play a recorded game back: space pauses, n (or .) steps a key while paused, + and - change the speed, q stops. No file of yours is touched' -r -F
complete -c rogue -l delay -d 'Milliseconds between the keys of a replay' -r
complete -c rogue -s s -d 'List the top ten scores'
complete -c rogue -s d -d 'Show a random death (and post its score)'
complete -c rogue -s r -d 'Restore the game in the default save file'
complete -c rogue -l version -d 'Print the version of the original and of this port'
complete -c rogue -l force -d 'Let --record replace an existing file'
complete -c rogue -l resume -d 'With --save-file: restore that file when it is there, else start a new game (for servers: doc/SERVING.md)'
complete -c rogue -l server -d 'For a public server\'s players: save only to --save-file (no other file name is asked), keep the name, no shell (doc/SERVING.md)'
complete -c rogue -l paused -d 'Start the replay paused (n steps one key, space goes on)'
complete -c rogue -l bot -d 'Play for a program: keys and requests one per line on standard input, one line of JSON per answer. No terminal and no files are touched'
complete -c rogue -s h -l help -d 'Print help'
