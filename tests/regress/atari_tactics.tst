# Atari Go tactics on 9x9: take the winning capture, stop the opponent's.
#   gogui-regress "variago --variant atari --playouts 1000 --seed 1" atari_tactics.tst
#@ engine variant=atari size=9 playouts=1000 seed=1

boardsize 9
10 variago-variant
#? [atari]

# White E5 has one liberty, E4: black takes it and wins.
play b D5
play w E5
play b F5
play w A1
play b E6
play w J9
20 reg_genmove b
#? [E4]
# White, asked to move although black is to move, takes E4 too: it captures.
30 reg_genmove w
#? [E4]

# Black E5 is in atari (last liberty E4) and nothing of white's can be
# taken: black must extend at E4.
clear_board
play b E5
play w E6
play b A1
play w D5
play b J9
play w F5
40 reg_genmove b
#? [E4]
50 genmove b
#? [E4]

# The seed's diagram: black wins by A8 or J8 (the 9th column).
clear_board
play b B9
play w A9
play b C9
play w B8
play b D8
play w C8
play b B7
play w J9
play b C7
play w A2
play b H9
play w B2
play b E5
play w C2
play b G5
play w D2
play b G3
play w B1
play b C5
play w D1
60 reg_genmove b
#? [A8|J8]

# After the capture the game is over: the loser resigns, the winner passes.
70 play b A8
#? []
80 final_score
#? [B\+R]
90 genmove w
#? [resign]
100 genmove b
#? [pass]

# The crosscut start: the engine plays a placement, never a pass.
variago-start crosscut
110 genmove b
#? [!pass|resign]
120 variago-board
#? [.*to_move white.*]
