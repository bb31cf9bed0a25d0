bench: 81959082 cdefd109
