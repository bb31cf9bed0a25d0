# design search of experiment design-brandubh
# Written by tafl; run `gnuplot design.gp` in this directory to redraw design.png and design.svg.
$in << EOD
1 0.530000 0.444923 0.613193 "brandubh-cap300+corners.no"
2 0.560000 0.462281 0.653280 "brandubh-cap300+max_plies.28+limit_result.attackers"
EOD
$out << EOD
3 0.612500 0.563903 0.658957 "brandubh-cap300+max_plies.24+limit_result.attackers"
4 0.356667 0.304587 0.412370 "brandubh-cap300+max_plies.32+limit_result.attackers"
5 0.286667 0.220338 0.363649 "brandubh-cap300+max_plies.40+limit_result.attackers"
6 0.273333 0.208341 0.349645 "brandubh-cap300+max_plies.36+limit_result.attackers"
7 0.350000 0.263642 0.447456 "brandubh-cap300+king_capture.custodial"
8 0.300000 0.218949 0.395849 "brandubh-cap300+throne.no"
9 0.790000 0.700200 0.858343 "brandubh-cap300+max_plies.20+limit_result.attackers"
10 0.200000 0.112437 0.330371 "brandubh-cap300+king_armed.no"
11 0.180000 0.097702 0.307961 "brandubh-cap300+throne_reentry.no"
12 0.180000 0.097702 0.307961 "brandubh-cap300+corner_hostile.defenders"
13 0.160000 0.083374 0.285142 "brandubh-cap300+repetition.defenders_lose"
14 0.840000 0.714858 0.916626 "brandubh-cap300+max_plies.16+limit_result.attackers"
15 0.140000 0.069508 0.261862 "brandubh-cap300+king_armed.anvil"
16 0.140000 0.077148 0.247144 "brandubh-cap300+repetition.draw"
17 0.130000 0.076830 0.215516 "brandubh-cap300+repetition.ignore"
18 0.120000 0.056176 0.238048 "brandubh-cap300+king_capture.throne4_elsewhere2"
19 0.100000 0.043476 0.213602 "brandubh-cap300+throne_hostile_attackers.never"
20 0.100000 0.043476 0.213602 "brandubh-cap300+encirclement.no"
21 0.100000 0.043476 0.213602 "brandubh-cap300+repetition.defenders_no_repeat"
22 0.100000 0.043476 0.213602 "brandubh-cap300+max_plies.50+limit_result.attackers"
23 0.080000 0.031550 0.188382 "brandubh-cap300"
24 0.080000 0.031550 0.188382 "brandubh-cap300+shieldwall.corners"
25 0.060000 0.020615 0.162171 "brandubh-cap300+shieldwall.pieces"
26 0.060000 0.020615 0.162171 "brandubh-cap300+no_moves.draw"
27 0.040000 0.011039 0.134601 "brandubh-cap300+throne_pass.king"
28 0.040000 0.011039 0.134601 "brandubh-cap300+throne_hostile_attackers.empty"
29 0.040000 0.011039 0.134601 "brandubh-cap300+king_capture.throne4_adj3_edge3"
30 0.020000 0.003539 0.104954 "brandubh-cap300+first.defenders"
31 0.020000 0.003539 0.104954 "brandubh-cap300+throne_pass.none"
32 0.020000 0.003539 0.104954 "brandubh-cap300+king_armed.hammer"
33 0.020000 0.003539 0.104954 "brandubh-cap300+corner_hostile.none"
34 0.020000 0.003539 0.104954 "brandubh-cap300+escape.edge"
35 0.020000 0.003539 0.104954 "brandubh-cap300+draw_fort.no"
36 0.000000 0.000000 0.071348 "brandubh-cap300+corner_hostile.attackers"
37 0.000000 0.000000 0.071348 "brandubh-cap300+throne_hostile_defenders.never"
38 0.000000 0.000000 0.071348 "brandubh-cap300+king_capture.strong"
39 0.000000 0.000000 0.071348 "brandubh-cap300+edge_fort.yes"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "design.png"
set title 'design-brandubh: candidates ranked, attackers'' score with 95% intervals'."\n".'(the confirming agent''s games where it played; band: 1/2 +- 0.05)'
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
set title 'design-brandubh: candidates ranked, attackers'' score with 95% intervals'."\n".'(the confirming agent''s games where it played; band: 1/2 +- 0.05)'
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
