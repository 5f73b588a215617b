// mmiocheck: ignore A,B,C,D,E,F,G,H,I too many rules
// mmiocheck: ignore A,B,C,D,E,F,G,H eight
