# Standard Go tactics on 9x9. Run with gogui-regress as well:
#   gogui-regress "variago --playouts 3000 --seed 1" go_tactics.tst
#@ engine variant=go size=9 playouts=3000 seed=1

boardsize 9
komi 7.5
10 name
#? [variago]

# The empty board: any point, not a pass.
clear_board
20 reg_genmove b
#? [[A-HJ][1-9]]

# Capture the three white stones E4 E5 E6 in atari (last liberty E7).
clear_board
play b D4
play w E4
play b D5
play w E5
play b D6
play w E6
play b F4
play w A1
play b F5
play w A9
play b F6
play w J1
play b E3
play w J9
30 reg_genmove b
#? [E7]

# The same shape with colours swapped: black's three stones are in atari
# and black must run out at E7.
clear_board
play w D4
play b E4
play w D5
play b E5
play w D6
play b E6
play w F4
play b A1
play w F5
play b A9
play w F6
play b J1
play w E3
40 reg_genmove b
#? [E7]

# After a black move elsewhere, white captures the three stones at once.
# (Asking white while black is to move would insert a black pass, and
# then a white pass wins at once under area scoring.)
play b J5
50 reg_genmove w
#? [E7]

# reg_genmove does not play: the board is unchanged.
60 final_score
#? [W\+.*]

# The score of a position with passes: black owns nothing, komi 7.5.
clear_board
70 final_score
#? [W\+7\.5]
