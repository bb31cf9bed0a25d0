bench: 81712014 c2bcf7d3
