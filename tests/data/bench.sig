bench: 81885882 c2bcf7d3
