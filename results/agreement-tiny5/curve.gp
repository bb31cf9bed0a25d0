# balance curve of experiment agreement-tiny5
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0f0 << EOD
-506.983 0.295000 0.236834 0.360799 "random"
EOD
$r0f1 << EOD
-37.372 0.195000 0.146055 0.255440 "ab-4"
-32.160 0.165000 0.119969 0.222658 "ab-2"
-25.206 0.110000 0.073772 0.160927 "ab-6"
EOD
$r0f4 << EOD
-14.773 0.160000 0.115674 0.217141 "mcts-4000"
-13.905 0.225000 0.172624 0.287741 "mcts-1000"
EOD
$r0f6 << EOD
0.000 0.195000 0.146055 0.255440 "greedy"
EOD
$r1f7 << EOD
-346.121 0.177500 0.132143 0.234638 "random"
EOD
$r1f8 << EOD
-0.000 0.000000 0.000000 0.018845 "ab-4"
-0.000 0.000000 0.000000 0.018845 "ab-6"
-0.000 0.000000 0.000000 0.018845 "ab-2"
EOD
$r1f11 << EOD
-0.000 0.000000 0.000000 0.018845 "mcts-4000"
0.000 0.000000 0.000000 0.018845 "mcts-1000"
EOD
$r1f12 << EOD
0.000 0.000000 0.000000 0.018845 "greedy"
EOD
$r2f14 << EOD
-627.727 0.267500 0.211487 0.332193 "random"
EOD
$r2f15 << EOD
0.000 0.252500 0.198963 0.315077 "greedy"
EOD
$r2f16 << EOD
53.275 0.585000 0.515739 0.651057 "ab-2"
147.596 0.765000 0.701586 0.818426 "ab-4"
152.808 0.740000 0.675093 0.795862 "ab-6"
EOD
$r2f17 << EOD
134.952 0.750000 0.685659 0.804918 "mcts-1000"
140.164 0.710000 0.643625 0.768460 "mcts-4000"
EOD
$r3f21 << EOD
-261.949 0.000000 0.000000 0.018845 "random"
EOD
$r3f22 << EOD
0.000 0.000000 0.000000 0.018845 "greedy"
EOD
$r3f23 << EOD
0.869 0.000000 0.000000 0.018845 "ab-6"
0.869 0.000000 0.000000 0.018845 "ab-4"
0.869 0.000000 0.000000 0.018845 "ab-2"
EOD
$r3f26 << EOD
0.869 0.000000 0.000000 0.018845 "mcts-4000"
0.869 0.000000 0.000000 0.018845 "mcts-1000"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title 'agreement-tiny5: attackers'' score in self-play, 95% intervals'."\n".'tiny5-custodial: too little Elo span (strongest 3: spread 0.065 [0.000, 0.159], width 0.08, 15 Elo)'."\n".'tiny5-custodial: direction defenders, trend +0.066 per 100 Elo [-0.396, +0.528] among the strongest 3'."\n".'tiny5-throne4: too little Elo span (strongest 3: spread 0.000 [0.000, 0.017], width 0.08, 0 Elo)'."\n".'tiny5-throne4: direction defenders'."\n".'tiny5-lone-king: too little Elo span (strongest 3: spread 0.055 [0.000, 0.159], width 0.08, 13 Elo)'."\n".'tiny5-lone-king: direction attackers, trend +0.267 per 100 Elo [-0.417, +0.951] among the strongest 3'."\n".'tiny5-edge: too little Elo span (strongest 3: spread 0.000 [0.000, 0.017], width 0.08, 0 Elo)'."\n".'tiny5-edge: direction defenders'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0f0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0f0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'tiny5-custodial: random', \
     $r0f0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f1 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 2 notitle, \
     $r0f1 using 1:2 with linespoints pt 7 lw 2 lt 2 title 'tiny5-custodial: alphabeta (hand)', \
     $r0f1 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f4 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 3 notitle, \
     $r0f4 using 1:2 with linespoints pt 7 lw 2 lt 3 title 'tiny5-custodial: mcts (hand)', \
     $r0f4 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f6 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 4 notitle, \
     $r0f6 using 1:2 with linespoints pt 7 lw 2 lt 4 title 'tiny5-custodial: greedy (hand)', \
     $r0f6 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f7 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 5 notitle, \
     $r1f7 using 1:2 with linespoints pt 7 lw 2 lt 5 title 'tiny5-throne4: random', \
     $r1f7 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f8 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 6 notitle, \
     $r1f8 using 1:2 with linespoints pt 7 lw 2 lt 6 title 'tiny5-throne4: alphabeta (hand)', \
     $r1f8 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f11 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 7 notitle, \
     $r1f11 using 1:2 with linespoints pt 7 lw 2 lt 7 title 'tiny5-throne4: mcts (hand)', \
     $r1f11 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f12 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 8 notitle, \
     $r1f12 using 1:2 with linespoints pt 7 lw 2 lt 8 title 'tiny5-throne4: greedy (hand)', \
     $r1f12 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f14 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 9 notitle, \
     $r2f14 using 1:2 with linespoints pt 7 lw 2 lt 9 title 'tiny5-lone-king: random', \
     $r2f14 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f15 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 10 notitle, \
     $r2f15 using 1:2 with linespoints pt 7 lw 2 lt 10 title 'tiny5-lone-king: greedy (hand)', \
     $r2f15 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f16 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 11 notitle, \
     $r2f16 using 1:2 with linespoints pt 7 lw 2 lt 11 title 'tiny5-lone-king: alphabeta (hand)', \
     $r2f16 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f17 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 12 notitle, \
     $r2f17 using 1:2 with linespoints pt 7 lw 2 lt 12 title 'tiny5-lone-king: mcts (hand)', \
     $r2f17 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f21 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 13 notitle, \
     $r3f21 using 1:2 with linespoints pt 7 lw 2 lt 13 title 'tiny5-edge: random', \
     $r3f21 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f22 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 14 notitle, \
     $r3f22 using 1:2 with linespoints pt 7 lw 2 lt 14 title 'tiny5-edge: greedy (hand)', \
     $r3f22 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f23 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 15 notitle, \
     $r3f23 using 1:2 with linespoints pt 7 lw 2 lt 15 title 'tiny5-edge: alphabeta (hand)', \
     $r3f23 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f26 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 16 notitle, \
     $r3f26 using 1:2 with linespoints pt 7 lw 2 lt 16 title 'tiny5-edge: mcts (hand)', \
     $r3f26 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title 'agreement-tiny5: attackers'' score in self-play, 95% intervals'."\n".'tiny5-custodial: too little Elo span (strongest 3: spread 0.065 [0.000, 0.159], width 0.08, 15 Elo)'."\n".'tiny5-custodial: direction defenders, trend +0.066 per 100 Elo [-0.396, +0.528] among the strongest 3'."\n".'tiny5-throne4: too little Elo span (strongest 3: spread 0.000 [0.000, 0.017], width 0.08, 0 Elo)'."\n".'tiny5-throne4: direction defenders'."\n".'tiny5-lone-king: too little Elo span (strongest 3: spread 0.055 [0.000, 0.159], width 0.08, 13 Elo)'."\n".'tiny5-lone-king: direction attackers, trend +0.267 per 100 Elo [-0.417, +0.951] among the strongest 3'."\n".'tiny5-edge: too little Elo span (strongest 3: spread 0.000 [0.000, 0.017], width 0.08, 0 Elo)'."\n".'tiny5-edge: direction defenders'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0f0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0f0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'tiny5-custodial: random', \
     $r0f0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f1 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 2 notitle, \
     $r0f1 using 1:2 with linespoints pt 7 lw 2 lt 2 title 'tiny5-custodial: alphabeta (hand)', \
     $r0f1 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f4 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 3 notitle, \
     $r0f4 using 1:2 with linespoints pt 7 lw 2 lt 3 title 'tiny5-custodial: mcts (hand)', \
     $r0f4 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f6 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 4 notitle, \
     $r0f6 using 1:2 with linespoints pt 7 lw 2 lt 4 title 'tiny5-custodial: greedy (hand)', \
     $r0f6 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f7 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 5 notitle, \
     $r1f7 using 1:2 with linespoints pt 7 lw 2 lt 5 title 'tiny5-throne4: random', \
     $r1f7 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f8 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 6 notitle, \
     $r1f8 using 1:2 with linespoints pt 7 lw 2 lt 6 title 'tiny5-throne4: alphabeta (hand)', \
     $r1f8 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f11 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 7 notitle, \
     $r1f11 using 1:2 with linespoints pt 7 lw 2 lt 7 title 'tiny5-throne4: mcts (hand)', \
     $r1f11 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r1f12 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 8 notitle, \
     $r1f12 using 1:2 with linespoints pt 7 lw 2 lt 8 title 'tiny5-throne4: greedy (hand)', \
     $r1f12 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f14 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 9 notitle, \
     $r2f14 using 1:2 with linespoints pt 7 lw 2 lt 9 title 'tiny5-lone-king: random', \
     $r2f14 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f15 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 10 notitle, \
     $r2f15 using 1:2 with linespoints pt 7 lw 2 lt 10 title 'tiny5-lone-king: greedy (hand)', \
     $r2f15 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f16 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 11 notitle, \
     $r2f16 using 1:2 with linespoints pt 7 lw 2 lt 11 title 'tiny5-lone-king: alphabeta (hand)', \
     $r2f16 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r2f17 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 12 notitle, \
     $r2f17 using 1:2 with linespoints pt 7 lw 2 lt 12 title 'tiny5-lone-king: mcts (hand)', \
     $r2f17 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f21 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 13 notitle, \
     $r3f21 using 1:2 with linespoints pt 7 lw 2 lt 13 title 'tiny5-edge: random', \
     $r3f21 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f22 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 14 notitle, \
     $r3f22 using 1:2 with linespoints pt 7 lw 2 lt 14 title 'tiny5-edge: greedy (hand)', \
     $r3f22 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f23 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 15 notitle, \
     $r3f23 using 1:2 with linespoints pt 7 lw 2 lt 15 title 'tiny5-edge: alphabeta (hand)', \
     $r3f23 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r3f26 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 16 notitle, \
     $r3f26 using 1:2 with linespoints pt 7 lw 2 lt 16 title 'tiny5-edge: mcts (hand)', \
     $r3f26 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
