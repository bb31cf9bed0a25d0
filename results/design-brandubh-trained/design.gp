# design search of experiment design-brandubh-trained
# Written by tafl; run `gnuplot design.gp` in this directory to redraw design.png and design.svg.
$in << EOD
1 0.510000 0.413480 0.605780 "brandubh-cap300+max_plies.28+limit_result.attackers"
2 0.470000 0.375108 0.567111 "brandubh-cap300+king_capture.custodial"
3 0.550000 0.452446 0.643855 "brandubh-cap300+max_plies.24+limit_result.attackers"
EOD
$out << EOD
4 0.360000 0.287566 0.439426 "brandubh-cap300+king_armed.no"
5 0.646667 0.568516 0.717600 "brandubh-cap300+corners.no"
6 0.333333 0.262888 0.412102 "brandubh-cap300+throne.no"
7 0.320000 0.250645 0.398344 "brandubh-cap300+corner_hostile.defenders"
8 0.280000 0.201397 0.374880 "brandubh-cap300+max_plies.40+limit_result.attackers"
9 0.220000 0.150013 0.310704 "brandubh-cap300+throne_reentry.no"
10 0.220000 0.150013 0.310704 "brandubh-cap300+king_armed.anvil"
11 0.260000 0.158715 0.395532 "brandubh-cap300+max_plies.32+limit_result.attackers"
12 0.760000 0.625873 0.857026 "brandubh-cap300+max_plies.20+limit_result.attackers"
13 0.240000 0.142974 0.374127 "brandubh-cap300+max_plies.36+limit_result.attackers"
14 0.180000 0.097702 0.307961 "brandubh-cap300+edge_fort.yes"
15 0.170000 0.107019 0.263261 "brandubh-cap300+repetition.ignore"
16 0.160000 0.083374 0.285142 "brandubh-cap300"
17 0.140000 0.069508 0.261862 "brandubh-cap300+shieldwall.corners"
18 0.140000 0.069508 0.261862 "brandubh-cap300+king_capture.throne4_elsewhere2"
19 0.140000 0.074589 0.252476 "brandubh-cap300+repetition.draw"
20 0.140000 0.069508 0.261862 "brandubh-cap300+max_plies.50+limit_result.attackers"
21 0.120000 0.056176 0.238048 "brandubh-cap300+throne_pass.king"
22 0.120000 0.056176 0.238048 "brandubh-cap300+no_moves.draw"
23 0.120000 0.056176 0.238048 "brandubh-cap300+repetition.defenders_lose"
24 0.120000 0.056176 0.238048 "brandubh-cap300+repetition.defenders_no_repeat"
25 0.900000 0.786398 0.956524 "brandubh-cap300+max_plies.16+limit_result.attackers"
26 0.080000 0.031550 0.188382 "brandubh-cap300+throne_pass.none"
27 0.080000 0.031550 0.188382 "brandubh-cap300+encirclement.no"
28 0.080000 0.031550 0.188382 "brandubh-cap300+draw_fort.no"
29 0.060000 0.020615 0.162171 "brandubh-cap300+king_armed.hammer"
30 0.060000 0.020615 0.162171 "brandubh-cap300+corner_hostile.none"
31 0.060000 0.020615 0.162171 "brandubh-cap300+throne_hostile_attackers.empty"
32 0.040000 0.011039 0.134601 "brandubh-cap300+first.defenders"
33 0.040000 0.011039 0.134601 "brandubh-cap300+shieldwall.pieces"
34 0.020000 0.003539 0.104954 "brandubh-cap300+king_capture.throne4_adj3_edge3"
35 0.000000 0.000000 0.071348 "brandubh-cap300+corner_hostile.attackers"
36 0.000000 0.000000 0.071348 "brandubh-cap300+throne_hostile_attackers.never"
37 0.000000 0.000000 0.071348 "brandubh-cap300+throne_hostile_defenders.never"
38 0.000000 0.000000 0.071348 "brandubh-cap300+king_capture.strong"
39 0.000000 0.000000 0.071348 "brandubh-cap300+escape.edge"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "design.png"
set title 'design-brandubh-trained: candidates ranked, attackers'' score with 95% intervals'."\n".'(the confirming agent''s games where it played; band: 1/2 +- 0.05)'
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [0:40]
set xtics rotate by 60 right font ",6"
set grid y
set key top right box opaque
set bmargin 14
plot 0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.450000 with lines dt 3 lc rgb "gray" notitle, \
     0.550000 with lines dt 3 lc rgb "gray" notitle, \
     $in using 1:2:3:4:xtic(5) with yerrorbars pt 7 lc rgb "#1f77b4" title "survivor", \
     $out using 1:2:3:4:xtic(5) with yerrorbars pt 6 lc rgb "#999999" title "eliminated in the race"

unset output
set terminal svg size 960,600 noenhanced
set output "design.svg"
set title 'design-brandubh-trained: candidates ranked, attackers'' score with 95% intervals'."\n".'(the confirming agent''s games where it played; band: 1/2 +- 0.05)'
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [0:40]
set xtics rotate by 60 right font ",6"
set grid y
set key top right box opaque
set bmargin 14
plot 0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.450000 with lines dt 3 lc rgb "gray" notitle, \
     0.550000 with lines dt 3 lc rgb "gray" notitle, \
     $in using 1:2:3:4:xtic(5) with yerrorbars pt 7 lc rgb "#1f77b4" title "survivor", \
     $out using 1:2:3:4:xtic(5) with yerrorbars pt 6 lc rgb "#999999" title "eliminated in the race"

unset output
