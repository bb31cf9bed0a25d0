/* OpenTafl Notation for squares, moves and position records (rules strings: otn_rules.c). */
#include "rules/otn.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/zobrist.h"

void otn_format_square(const Rules *r, int sq, char *buf)
{
    int rank = sq / r->size + 1;
    char *p = buf;
    *p++ = (char)('a' + sq % r->size);
    if (rank >= 10)
        *p++ = (char)('0' + rank / 10);
    *p++ = (char)('0' + rank % 10);
    *p = '\0';
}

int otn_parse_square(const Rules *r, const char *text, const char **end)
{
    const char *p = text;
    if (*p < 'a' || *p >= 'a' + r->size)
        return -1;
    int file = *p++ - 'a';
    if (!isdigit((unsigned char)*p) || *p == '0')
        return -1;
    int rank = 0;
    while (isdigit((unsigned char)*p) && rank <= RULES_MAX_SIZE)
        rank = rank * 10 + (*p++ - '0');
    if (rank < 1 || rank > r->size)
        return -1;
    if (end)
        *end = p;
    return (rank - 1) * r->size + file;
}

Status otn_parse_board(const char *text, int size, uint8_t *board, Error *err)
{
    const char *p = text;
    int row = 0, file = 0, kings = 0;
    if (size < RULES_MIN_SIZE || size > RULES_MAX_SIZE) {
        error_set(err, "board size %d is out of range %d..%d", size, RULES_MIN_SIZE,
                  RULES_MAX_SIZE);
        return ST_EINVAL;
    }
    memset(board, PIECE_EMPTY, (size_t)size * (size_t)size);
    if (*p == '/')
        p++;
    while (*p && !(row == size - 1 && file == size && *p == '/' && p[1] == '\0')) {
        int col = (int)(p - text) + 1;
        char c = *p;
        if (c == '/') {
            if (file != size) {
                error_set(err, "position column %d: row %d has %d squares, not %d", col, row + 1,
                          file, size);
                return ST_EPARSE;
            }
            row++;
            file = 0;
            p++;
            if (row >= size) {
                error_set(err, "position column %d: more than %d rows", col, size);
                return ST_EPARSE;
            }
            continue;
        }
        if (isdigit((unsigned char)c)) {
            int n = 0;
            while (isdigit((unsigned char)*p) && n <= RULES_MAX_SIZE)
                n = n * 10 + (*p++ - '0');
            if (n == 0 || file + n > size) {
                error_set(err, "position column %d: %d empty squares overflow row %d (size %d)",
                          col, n, row + 1, size);
                return ST_EPARSE;
            }
            file += n;
            continue;
        }
        Piece piece;
        switch (c) {
        case 't':
            piece = PIECE_ATTACKER;
            break;
        case 'T':
            piece = PIECE_DEFENDER;
            break;
        case 'K':
            piece = PIECE_KING;
            kings++;
            break;
        default:
            error_set(err,
                      "position column %d: unexpected character '%c' (want t, T, K, a "
                      "digit or /)",
                      col, isprint((unsigned char)c) ? c : '?');
            return ST_EPARSE;
        }
        if (file >= size) {
            error_set(err, "position column %d: row %d is longer than %d squares", col, row + 1,
                      size);
            return ST_EPARSE;
        }
        board[row * size + file++] = (uint8_t)piece;
        p++;
    }
    if (row != size - 1 || file != size) {
        error_set(err,
                  "position column %d: ended at row %d square %d; a %dx%d board needs %d "
                  "rows of %d",
                  (int)(p - text) + 1, row + 1, file, size, size, size, size);
        return ST_EPARSE;
    }
    if (kings != 1) {
        error_set(err, "position has %d kings; it needs exactly one K", kings);
        return ST_EINVAL;
    }
    return ST_OK;
}

Status otn_parse_position(const Rules *r, const char *text, Side side, GameState *s, Error *err)
{
    uint8_t board[RULES_MAX_SQUARES];
    Status st = otn_parse_board(text, r->size, board, err);
    if (st != ST_OK)
        return st;
    memset(s, 0, sizeof *s);
    for (int sq = 0; sq < r->squares; sq++) {
        bool restricted = (r->opt.throne && sq == r->throne_sq) ||
                          (r->opt.corners && ((r->corner[sq >> 6] >> (sq & 63)) & 1));
        if (restricted && (board[sq] == PIECE_ATTACKER || board[sq] == PIECE_DEFENDER)) {
            char name[8];
            otn_format_square(r, sq, name);
            error_set(err, "position: square %s is restricted; only the king may stand there",
                      name);
            return ST_EINVAL;
        }
        switch (board[sq]) {
        case PIECE_ATTACKER:
            s->attackers[sq >> 6] |= 1ULL << (sq & 63);
            break;
        case PIECE_DEFENDER:
            s->defenders[sq >> 6] |= 1ULL << (sq & 63);
            break;
        case PIECE_KING:
            s->king = (uint16_t)sq;
            break;
        default:
            break;
        }
    }
    s->side = (uint8_t)side;
    state_refresh(r, s);
    return ST_OK;
}

void otn_format_position(const Rules *r, const GameState *s, char *buf)
{
    char *p = buf;
    *p++ = '/';
    for (int row = 0; row < r->size; row++) {
        int empty = 0;
        for (int file = 0; file < r->size; file++) {
            Piece piece = state_piece_at(r, s, row * r->size + file);
            if (piece == PIECE_EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                p += sprintf(p, "%d", empty);
            empty = 0;
            *p++ = piece == PIECE_ATTACKER ? 't' : piece == PIECE_DEFENDER ? 'T' : 'K';
        }
        if (empty)
            p += sprintf(p, "%d", empty);
        *p++ = '/';
    }
    *p = '\0';
}

/* Reads a move record; `status` NULL refuses OTN's trailing status marks. */
static Status parse_move(const Rules *r, const char *text, Move *m, CaptureList *caps,
                         OtnStatus *status, Error *err)
{
    const char *p = text;
    if (caps)
        caps->count = -1;
    if (*p == 't' || *p == 'T' || *p == 'K')
        p++;
    int from = otn_parse_square(r, p, &p);
    if (from < 0) {
        error_set(err, "move '%s' column %d: expected a square a1..%c%d", text, (int)(p - text) + 1,
                  'a' + r->size - 1, r->size);
        return ST_EPARSE;
    }
    if (*p != '-') {
        error_set(err, "move '%s' column %d: expected '-' between the squares", text,
                  (int)(p - text) + 1);
        return ST_EPARSE;
    }
    p++;
    int to = otn_parse_square(r, p, &p);
    if (to < 0) {
        error_set(err, "move '%s' column %d: expected a destination square a1..%c%d", text,
                  (int)(p - text) + 1, 'a' + r->size - 1, r->size);
        return ST_EPARSE;
    }
    if (from == to || (from / r->size != to / r->size && from % r->size != to % r->size)) {
        error_set(err, "move '%s': a piece moves along one row or one column", text);
        return ST_EINVAL;
    }
    int ncaps = 0;
    if (*p == 'x') {
        do {
            p++;
            /* OTN's capture-location may name the piece: [taflman-symbol]<captured-space>. */
            if (status && (*p == 't' || *p == 'T' || *p == 'K'))
                p++;
            int sq = otn_parse_square(r, p, &p);
            if (sq < 0 || ncaps == RULES_MAX_CAPTURES) {
                error_set(err, "move '%s' column %d: expected a captured square", text,
                          (int)(p - text) + 1);
                return ST_EPARSE;
            }
            if (caps)
                caps->sq[ncaps] = (uint16_t)sq;
            ncaps++;
        } while (*p == '/' || *p == 'x');
        if (caps)
            caps->count = ncaps;
    }
    if (status) {
        /* OTN's info-symbol: + king threatened, - king has a way out, ++ captured, -- escaped. */
        static const struct {
            const char *mark;
            OtnStatus status;
        } marks[] = {{"++", OTN_STATUS_KING_CAPTURED},
                     {"--", OTN_STATUS_KING_ESCAPED},
                     {"+", OTN_STATUS_NONE},
                     {"-", OTN_STATUS_NONE},
                     {"", OTN_STATUS_NONE}};
        for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
            if (strcmp(p, marks[i].mark) == 0) {
                *status = marks[i].status;
                p += strlen(p);
                break;
            }
        }
    }
    if (*p != '\0') {
        error_set(err, "move '%s' column %d: unexpected text after the move", text,
                  (int)(p - text) + 1);
        return ST_EPARSE;
    }
    m->from = (uint16_t)from;
    m->to = (uint16_t)to;
    return ST_OK;
}

Status otn_parse_move(const Rules *r, const char *text, Move *m, CaptureList *caps, Error *err)
{
    return parse_move(r, text, m, caps, NULL, err);
}

Status otn_parse_move_record(const Rules *r, const char *text, Move *m, CaptureList *caps,
                             OtnStatus *status, Error *err)
{
    *status = OTN_STATUS_NONE;
    return parse_move(r, text, m, caps, status, err);
}

void otn_format_move(const Rules *r, Move m, const CaptureList *caps, char *buf)
{
    char a[4], b[4];
    otn_format_square(r, m.from, a);
    otn_format_square(r, m.to, b);
    int n = sprintf(buf, "%s-%s", a, b);
    if (caps && caps->count > 0) {
        for (int i = 0; i < caps->count; i++) {
            otn_format_square(r, caps->sq[i], a);
            n += sprintf(buf + n, "%c%s", i == 0 ? 'x' : '/', a);
        }
    }
}

void otn_format_move_record(const Rules *r, Move m, bool king_moved, const CaptureList *caps,
                            const GameState *after, char *buf)
{
    CaptureList taken = {{0}, 0};
    bool king_taken = after->reason == END_KING_CAPTURED;
    for (int i = 0; caps && i < caps->count; i++)
        if (!(king_taken && caps->sq[i] == after->king))
            taken.sq[taken.count++] = caps->sq[i];
    char *p = buf;
    if (king_moved)
        *p++ = 'K';
    otn_format_move(r, m, &taken, p);
    if (king_taken || after->reason == END_KING_ESCAPED)
        strcat(p, king_taken ? "++" : "--");
}

bool otn_explain_illegal(const Rules *r, const GameState *s, const History *hist, Move m, char *buf,
                         size_t len)
{
    int at;
    MoveLegality why = movegen_legality_in_game(r, s, hist, m, &at);
    char sq[8];
    otn_format_square(r, at, sq);
    switch (why) {
    case MOVE_LEGAL:
        return false;
    case MOVE_GAME_OVER:
        snprintf(buf, len, "the game is over");
        break;
    case MOVE_NO_PIECE:
        snprintf(buf, len, "no piece stands on %s", sq);
        break;
    case MOVE_NOT_YOURS:
        snprintf(buf, len, "%s holds a piece of the %s; the %s are to move", sq,
                 ruleset_side_name(s->side == SIDE_ATTACKERS ? SIDE_DEFENDERS : SIDE_ATTACKERS),
                 ruleset_side_name((Side)s->side));
        break;
    case MOVE_NOT_STRAIGHT:
        snprintf(buf, len, "a piece moves along one row or one column");
        break;
    case MOVE_TARGET_TAKEN:
        snprintf(buf, len, "%s is taken", sq);
        break;
    case MOVE_BLOCKED:
        snprintf(buf, len, "the way is blocked at %s", sq);
        break;
    case MOVE_THRONE_PASS:
        snprintf(buf, len, "this piece may not pass through the throne %s", sq);
        break;
    case MOVE_CORNER_STOP:
    case MOVE_THRONE_STOP:
        snprintf(buf, len, "only the king may stop on the %s %s",
                 why == MOVE_CORNER_STOP ? "corner" : "throne", sq);
        break;
    case MOVE_THRONE_REENTRY:
        snprintf(buf, len, "the king may not return to the throne %s", sq);
        break;
    case MOVE_REPEATS:
        snprintf(buf, len,
                 "it repeats an earlier position, and the defenders may not "
                 "(repetition = defenders_no_repeat)");
        break;
    default:
        snprintf(buf, len, "it is not a legal move");
        break;
    }
    return true;
}
