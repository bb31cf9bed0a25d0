/* The naive reference rules: every rule of RULES.md sections 1-5 on a plain array of pieces,
 * one small function per sentence of the rules text, so that a reader can check each against
 * RULES.md directly. Speed is no concern here; obviousness is. */
#include "tests/refrules.h"

#include <assert.h>
#include <string.h>

#include "rules/state.h"

/* The four orthogonal directions as (row, file) steps. */
static const int DIR_ROW[4] = {-1, 1, 0, 0};
static const int DIR_FILE[4] = {0, 0, -1, 1};

static int row_of(const RefState *s, int sq)
{
    return sq / s->size;
}

static int file_of(const RefState *s, int sq)
{
    return sq % s->size;
}

static bool on_board(const RefState *s, int row, int file)
{
    return row >= 0 && row < s->size && file >= 0 && file < s->size;
}

/* The square one step from sq in direction d, or -1 off the board. */
static int step(const RefState *s, int sq, int d)
{
    int row = row_of(s, sq) + DIR_ROW[d];
    int file = file_of(s, sq) + DIR_FILE[d];
    return on_board(s, row, file) ? row * s->size + file : -1;
}

static bool is_corner_square(const RefState *s, int sq)
{
    int row = row_of(s, sq), file = file_of(s, sq), last = s->size - 1;
    return (row == 0 || row == last) && (file == 0 || file == last);
}

static bool is_edge_square(const RefState *s, int sq)
{
    int row = row_of(s, sq), file = file_of(s, sq), last = s->size - 1;
    return row == 0 || row == last || file == 0 || file == last;
}

static int centre_square(const RefState *s)
{
    return (s->size / 2) * s->size + s->size / 2;
}

static bool adjacent(const RefState *s, int a, int b)
{
    for (int d = 0; d < 4; d++) {
        if (step(s, a, d) == b) {
            return true;
        }
    }
    return false;
}

/* Section 2: the throne is restricted when `throne`, the corners when `corners`. */
static bool is_throne(const Ruleset *rs, const RefState *s, int sq)
{
    return rs->throne && sq == centre_square(s);
}

static bool is_restricted_corner(const Ruleset *rs, const RefState *s, int sq)
{
    return rs->corners && is_corner_square(s, sq);
}

static bool is_restricted(const Ruleset *rs, const RefState *s, int sq)
{
    return is_throne(rs, s, sq) || is_restricted_corner(rs, s, sq);
}

static int owner_of(int piece)
{
    return piece == REF_ATTACKER ? SIDE_ATTACKERS : SIDE_DEFENDERS;
}

static int find_king(const RefState *s)
{
    for (int sq = 0; sq < s->size * s->size; sq++) {
        if (s->board[sq] == REF_KING) {
            return sq;
        }
    }
    assert(!"the reference lost its king");
    return -1;
}

static uint32_t checksum(const signed char *board, int squares, int side)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (int i = 0; i < squares; i++) {
        h = (h ^ (uint32_t)(unsigned char)board[i]) * 16777619u;
    }
    return (h ^ (uint32_t)side) * 16777619u;
}

static void push_history(RefHistory *h, const RefState *s, bool after_capture,
                         bool after_defender_move)
{
    assert(h->length < REF_MAX_HISTORY);
    RefEntry *e = &h->entries[h->length++];
    int squares = s->size * s->size;
    memset(e->board, 0, sizeof e->board);
    memcpy(e->board, s->board, (size_t)squares);
    e->side = s->side;
    e->sum = checksum(e->board, squares, s->side);
    e->after_capture = after_capture;
    e->after_defender_move = after_defender_move;
}

/* OTN position record: "/3t3/.../", rows from the top, digits count empty squares. */
static bool parse_record(const char *text, int size, signed char *board)
{
    int row = 0, file = 0, kings = 0;
    const char *p = text;
    if (*p != '/') {
        return false;
    }
    p++;
    while (*p) {
        if (*p == '/') {
            if (file != size) {
                return false;
            }
            row++;
            file = 0;
            p++;
            continue;
        }
        if (row >= size) {
            return false;
        }
        if (*p >= '0' && *p <= '9') {
            int run = 0;
            while (*p >= '0' && *p <= '9') {
                run = run * 10 + (*p - '0');
                p++;
            }
            for (int i = 0; i < run; i++) {
                if (file >= size) {
                    return false;
                }
                board[row * size + file++] = REF_EMPTY;
            }
            continue;
        }
        signed char piece;
        switch (*p) {
        case 't':
            piece = REF_ATTACKER;
            break;
        case 'T':
            piece = REF_DEFENDER;
            break;
        case 'K':
            piece = REF_KING;
            kings++;
            break;
        default:
            return false;
        }
        if (file >= size) {
            return false;
        }
        board[row * size + file++] = piece;
        p++;
    }
    return row == size && file == 0 && kings == 1;
}

bool ref_init(const Ruleset *rs, RefState *s, RefHistory *h)
{
    memset(s, 0, sizeof *s);
    s->size = rs->size;
    if (rs->size < 5 || rs->size > REF_MAX_SIZE || !parse_record(rs->start, rs->size, s->board)) {
        return false;
    }
    s->side = rs->first;
    s->winner = WINNER_NONE;
    s->reason = END_NONE;
    s->ply = 0;
    /* A king that does not start on the throne never stood there, so he can never stop there
     * "again"; the only way onto the throne is from elsewhere, which throne_reentry = no
     * forbids either way. */
    s->king_left_throne = !is_throne(rs, s, find_king(s));
    h->length = 0;
    push_history(h, s, false, false);
    return true;
}

/* ---- Section 2: moves ---- */

/* May this piece stop on restricted square sq? "Only the king may stop on a restricted
 * square", and with throne_reentry = no not on the throne once he has left it. */
static bool may_stop_on_restricted(const Ruleset *rs, const RefState *s, int piece, int sq)
{
    if (piece != REF_KING) {
        return false;
    }
    if (is_throne(rs, s, sq) && !rs->throne_reentry && s->king_left_throne) {
        return false;
    }
    return true;
}

/* May this piece move through the empty throne? throne_pass: all, king or none. */
static bool may_pass_throne(const Ruleset *rs, int piece)
{
    switch (rs->throne_pass) {
    case THRONE_PASS_ALL:
        return true;
    case THRONE_PASS_KING:
        return piece == REF_KING;
    case THRONE_PASS_NONE:
        return false;
    }
    return false;
}

/* Appends a move; moves == NULL only counts. */
static void add_move(int moves[][2], int *n, int from, int to)
{
    if (moves != NULL) {
        moves[*n][0] = from;
        moves[*n][1] = to;
    }
    (*n)++;
}

/* The legal moves of the side to move; with first_only, stops at the first one found. */
static int generate(const Ruleset *rs, const RefState *s, int moves[][2], bool first_only)
{
    int n = 0;
    if (s->winner != WINNER_NONE) {
        return 0; /* (h): a game that is over has no legal moves */
    }
    for (int from = 0; from < s->size * s->size; from++) {
        int piece = s->board[from];
        if (piece == REF_EMPTY || owner_of(piece) != s->side) {
            continue;
        }
        for (int d = 0; d < 4; d++) {
            for (int to = step(s, from, d); to >= 0; to = step(s, to, d)) {
                /* "No piece ever passes through an occupied square." */
                if (s->board[to] != REF_EMPTY) {
                    break;
                }
                if (is_restricted(rs, s, to)) {
                    if (may_stop_on_restricted(rs, s, piece, to)) {
                        add_move(moves, &n, from, to);
                    }
                    /* A corner is a line's end anyway; the throne only when passing is
                     * allowed for this piece. */
                    if (is_corner_square(s, to) || !may_pass_throne(rs, piece)) {
                        break;
                    }
                    continue;
                }
                add_move(moves, &n, from, to);
            }
            if (first_only && n > 0) {
                return n;
            }
        }
    }
    return n;
}

int ref_legal_moves(const Ruleset *rs, const RefState *s, int moves[][2])
{
    return generate(rs, s, moves, false);
}

static bool has_legal_move(const Ruleset *rs, const RefState *s)
{
    return generate(rs, s, NULL, true) > 0;
}

/* ---- Section 3: captures ---- */

static bool king_is_hammer(const Ruleset *rs)
{
    return rs->king_armed == KING_ARMED_YES || rs->king_armed == KING_ARMED_HAMMER;
}

static bool king_is_anvil(const Ruleset *rs)
{
    return rs->king_armed == KING_ARMED_YES || rs->king_armed == KING_ARMED_ANVIL;
}

/* Is the restricted square u hostile to the piece `victim` (ATTACKER or DEFENDER)? */
static bool restricted_hostile(const Ruleset *rs, const RefState *s, int u, int victim)
{
    if (is_restricted_corner(rs, s, u)) {
        if (victim == REF_ATTACKER) {
            return rs->corner_hostile == CORNER_HOSTILE_ALL ||
                   rs->corner_hostile == CORNER_HOSTILE_ATTACKERS;
        }
        return rs->corner_hostile == CORNER_HOSTILE_ALL ||
               rs->corner_hostile == CORNER_HOSTILE_DEFENDERS;
    }
    if (is_throne(rs, s, u)) {
        bool empty = s->board[u] == REF_EMPTY;
        if (victim == REF_ATTACKER) {
            if (empty) {
                return rs->throne_hostile_attackers == THRONE_HOSTILE_ALWAYS ||
                       rs->throne_hostile_attackers == THRONE_HOSTILE_EMPTY;
            }
            /* "The throne occupied by the king is hostile to attackers exactly when the king
             * himself would be an anvil, or when throne_hostile_attackers = always." */
            return king_is_anvil(rs) || rs->throne_hostile_attackers == THRONE_HOSTILE_ALWAYS;
        }
        /* Defenders: the empty throne when throne_hostile_defenders = empty; "the king on it
         * is their own". */
        return empty && rs->throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
    }
    return false;
}

/* Is u an anvil for side `mover` against the piece `victim`? */
static bool is_anvil(const Ruleset *rs, const RefState *s, int u, int mover, int victim)
{
    int piece = s->board[u];
    if (mover == SIDE_ATTACKERS && piece == REF_ATTACKER) {
        return true;
    }
    if (mover == SIDE_DEFENDERS && piece == REF_DEFENDER) {
        return true;
    }
    if (mover == SIDE_DEFENDERS && piece == REF_KING && king_is_anvil(rs)) {
        return true;
    }
    return is_restricted(rs, s, u) && restricted_hostile(rs, s, u, victim);
}

/* Custodial captures by the piece that just arrived on t (the king is not taken here). */
static int custodial_captures(const Ruleset *rs, RefState *s, int t, int *captured)
{
    int hammer = s->board[t];
    int mover = owner_of(hammer);
    int n = 0;
    if (hammer == REF_KING && !king_is_hammer(rs)) {
        return 0;
    }
    int victims[4];
    for (int d = 0; d < 4; d++) {
        int v = step(s, t, d);
        if (v < 0) {
            continue;
        }
        int victim = s->board[v];
        bool enemy = mover == SIDE_ATTACKERS ? victim == REF_DEFENDER : victim == REF_ATTACKER;
        if (!enemy) {
            continue;
        }
        int u = step(s, v, d);
        if (u < 0) {
            continue; /* "The board edge is never hostile." */
        }
        if (is_anvil(rs, s, u, mover, victim)) {
            victims[n++] = v;
        }
    }
    /* "All enemies trapped by one move are captured together": decide first, remove after. */
    for (int i = 0; i < n; i++) {
        s->board[victims[i]] = REF_EMPTY;
        captured[i] = victims[i];
    }
    return n;
}

/* ---- Shieldwall (doc/rules-engine.md) ---- */

/* Is sq held by a piece of side `mover` that can capture as the far piece? */
static bool capturing_piece_of(const Ruleset *rs, const RefState *s, int mover, int sq)
{
    int piece = s->board[sq];
    if (mover == SIDE_ATTACKERS) {
        return piece == REF_ATTACKER;
    }
    return piece == REF_DEFENDER || (piece == REF_KING && king_is_anvil(rs));
}

static bool enemy_of(int mover, int piece)
{
    if (mover == SIDE_ATTACKERS) {
        return piece == REF_DEFENDER || piece == REF_KING;
    }
    return piece == REF_ATTACKER;
}

/* Adds sq to the set captured[0..*n) unless it is there. */
static void add_capture(int *captured, int *n, int sq)
{
    for (int i = 0; i < *n; i++) {
        if (captured[i] == sq) {
            return;
        }
    }
    captured[(*n)++] = sq;
}

/* "A row of two or more enemies along the board edge, closed at both ends and fronted by the
 * capturing side": the moving piece on t closes one end; walk away from it along each edge line
 * t lies on. Victims are added to captured[] (not removed); the king is never one. */
static void shieldwall_victims(const Ruleset *rs, const RefState *s, int t, int *captured, int *n)
{
    int mover = owner_of(s->board[t]);
    int last = s->size - 1;
    for (int d = 0; d < 4; d++) {
        /* The line t-d-2d... lies on an edge when it runs along row 0 / last (d left or right)
         * or file 0 / last (d up or down). Its front is the direction into the board. */
        int front_row = 0, front_file = 0;
        if (DIR_ROW[d] == 0) {
            if (row_of(s, t) != 0 && row_of(s, t) != last) {
                continue;
            }
            front_row = row_of(s, t) == 0 ? 1 : -1;
        } else {
            if (file_of(s, t) != 0 && file_of(s, t) != last) {
                continue;
            }
            front_file = file_of(s, t) == 0 ? 1 : -1;
        }
        int row = row_of(s, t), file = file_of(s, t);
        int members[REF_MAX_SIZE], count = 0;
        bool wall = true;
        for (;;) {
            row += DIR_ROW[d];
            file += DIR_FILE[d];
            if (!on_board(s, row, file)) {
                wall = false; /* "closed at both ends": the board's end closes nothing */
                break;
            }
            int sq = row * s->size + file;
            if (!enemy_of(mover, s->board[sq])) {
                /* The far end: a capturing piece, or a corner hostile to the row's side. */
                int row_side = mover == SIDE_ATTACKERS ? REF_DEFENDER : REF_ATTACKER;
                bool corner_closes = rs->shieldwall == SHIELDWALL_CORNERS &&
                                     is_restricted_corner(rs, s, sq) &&
                                     restricted_hostile(rs, s, sq, row_side);
                wall = capturing_piece_of(rs, s, mover, sq) || corner_closes;
                break;
            }
            int front = (row + front_row) * s->size + (file + front_file);
            if (!capturing_piece_of(rs, s, mover, front)) {
                wall = false; /* "fronted by the capturing side": every member */
                break;
            }
            members[count++] = sq;
        }
        if (!wall || count < 2) {
            continue;
        }
        for (int i = 0; i < count; i++) {
            if (s->board[members[i]] != REF_KING) {
                add_capture(captured, n, members[i]);
            }
        }
    }
}

/* ---- Section 4: the king's capture ---- */

static bool corner_hostile_to_defenders(const Ruleset *rs, const RefState *s, int sq)
{
    return is_restricted_corner(rs, s, sq) && (rs->corner_hostile == CORNER_HOSTILE_ALL ||
                                               rs->corner_hostile == CORNER_HOSTILE_DEFENDERS);
}

static bool empty_throne_hostile_to_defenders(const Ruleset *rs, const RefState *s, int sq)
{
    return is_throne(rs, s, sq) && s->board[sq] == REF_EMPTY &&
           rs->throne_hostile_defenders == THRONE_HOSTILE_EMPTY;
}

/* Custodial, choice (a): only along the line through the attacker that arrived on t. */
static bool king_custodial(const Ruleset *rs, const RefState *s, int t, int k)
{
    int u = -1;
    for (int d = 0; d < 4; d++) {
        if (step(s, t, d) == k) {
            u = step(s, k, d);
        }
    }
    if (u < 0) {
        return false;
    }
    return s->board[u] == REF_ATTACKER || corner_hostile_to_defenders(rs, s, u) ||
           empty_throne_hostile_to_defenders(rs, s, u);
}

/* Every neighbour of k except `skip` (-1: none) holds an attacker. */
static bool surrounded_by_attackers(const RefState *s, int k, int skip)
{
    for (int d = 0; d < 4; d++) {
        int n = step(s, k, d);
        if (n >= 0 && n != skip && s->board[n] != REF_ATTACKER) {
            return false;
        }
    }
    return true;
}

static bool king_captured(const Ruleset *rs, const RefState *s, int t, int k)
{
    int centre = centre_square(s);
    switch (rs->king_capture) {
    case KING_CAPTURE_CUSTODIAL:
        return king_custodial(rs, s, t, k);
    case KING_CAPTURE_THRONE4_ADJ3:
    case KING_CAPTURE_THRONE4_ADJ3_EDGE3:
        if (rs->king_capture == KING_CAPTURE_THRONE4_ADJ3_EDGE3 && is_edge_square(s, k) &&
            !is_corner_square(s, k)) {
            /* All three on-board neighbours: attackers, or a corner hostile to defenders. */
            for (int d = 0; d < 4; d++) {
                int n = step(s, k, d);
                if (n >= 0 && s->board[n] != REF_ATTACKER &&
                    !corner_hostile_to_defenders(rs, s, n)) {
                    return false;
                }
            }
            return true;
        }
        if (rs->throne && k == centre) {
            return surrounded_by_attackers(s, k, -1);
        }
        if (rs->throne && adjacent(s, k, centre)) {
            return surrounded_by_attackers(s, k, centre);
        }
        return king_custodial(rs, s, t, k);
    case KING_CAPTURE_THRONE4_ELSEWHERE2:
        /* "Brandubh 2": four on the throne; elsewhere two on opposite sides, beside the throne
         * too, where the empty throne does not count against the king (a hostile corner does). */
        if (rs->throne && k == centre) {
            return surrounded_by_attackers(s, k, -1);
        }
        for (int d = 0; d < 4; d++) {
            if (step(s, t, d) == k) {
                int u = step(s, k, d);
                return u >= 0 &&
                       (s->board[u] == REF_ATTACKER || corner_hostile_to_defenders(rs, s, u));
            }
        }
        return false;
    case KING_CAPTURE_STRONG:
        if (is_edge_square(s, k)) {
            return false; /* "never on an edge" */
        }
        for (int d = 0; d < 4; d++) {
            int n = step(s, k, d);
            /* (b): the empty throne stands for an attacker only when hostile to defenders. */
            if (s->board[n] != REF_ATTACKER && !empty_throne_hostile_to_defenders(rs, s, n)) {
                return false;
            }
        }
        return true;
    case KING_CAPTURE_COUNT:
        break;
    }
    return false;
}

/* ---- Section 5: the end of the game ---- */

/* Flood-fill from every edge square over squares not held by attackers; true when it reaches
 * no defender and not the king. */
static bool encircled(const RefState *s)
{
    bool seen[REF_MAX_SQUARES] = {false};
    int stack[REF_MAX_SQUARES];
    int top = 0;
    int squares = s->size * s->size;
    for (int sq = 0; sq < squares; sq++) {
        if (is_edge_square(s, sq) && s->board[sq] != REF_ATTACKER) {
            seen[sq] = true;
            stack[top++] = sq;
        }
    }
    while (top > 0) {
        int sq = stack[--top];
        if (s->board[sq] == REF_DEFENDER || s->board[sq] == REF_KING) {
            return false;
        }
        for (int d = 0; d < 4; d++) {
            int n = step(s, sq, d);
            if (n >= 0 && !seen[n] && s->board[n] != REF_ATTACKER) {
                seen[n] = true;
                stack[top++] = n;
            }
        }
    }
    return true;
}

/* ---- Edge fort (doc/rules-engine.md) ---- */

/* The fort's inside: the king's square and every empty square joined to it by empty squares,
 * grown until nothing changes; a restricted corner is a wall (no piece but the king stops on
 * one, no line runs through one), neither inside nor a way in. False when an attacker touches
 * it. */
static bool fort_inside(const Ruleset *rs, const RefState *s, bool *inside)
{
    int squares = s->size * s->size;
    memset(inside, 0, (size_t)squares * sizeof *inside);
    inside[find_king(s)] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (int sq = 0; sq < squares; sq++) {
            for (int d = 0; d < 4 && inside[sq]; d++) {
                int n = step(s, sq, d);
                if (n < 0 || inside[n]) {
                    continue;
                }
                if (s->board[n] == REF_ATTACKER) {
                    return false;
                }
                if (s->board[n] == REF_EMPTY) {
                    if (is_restricted_corner(rs, s, n)) {
                        continue;
                    }
                    inside[n] = true;
                    grew = true;
                }
            }
        }
    }
    return true;
}

/* Can the square at (row, file) never be hostile to a defender beside it while the solid
 * defenders stand? Off the board, solid, inside, or a restricted square never hostile to them. */
static bool never_hostile(const Ruleset *rs, const RefState *s, const bool *inside,
                          const bool *solid, int row, int file)
{
    if (!on_board(s, row, file)) {
        return true;
    }
    int sq = row * s->size + file;
    if (solid[sq] || (inside[sq] && !is_restricted(rs, s, sq))) {
        return true;
    }
    if (is_restricted(rs, s, sq)) {
        /* The empty throne or a corner: hostile by the options alone (the king may leave). */
        RefState empty = *s;
        empty.board[sq] = REF_EMPTY;
        return !restricted_hostile(rs, &empty, sq, REF_DEFENDER);
    }
    return false;
}

/* "The king on an edge, in contact with an unbreakable fort of defenders, able to move": the
 * inside is sealed, and every defender touching it belongs to the largest set of defenders
 * none of which can be captured custodially while the others stand (a shieldwall never takes
 * one: doc/rules-engine.md). */
static bool in_edge_fort(const Ruleset *rs, const RefState *s)
{
    int k = find_king(s);
    if (!is_edge_square(s, k)) {
        return false;
    }
    RefState turn = *s;
    turn.side = SIDE_DEFENDERS;
    int moves[REF_MAX_MOVES][2];
    int n = ref_legal_moves(rs, &turn, moves);
    bool king_moves = false;
    for (int i = 0; i < n; i++) {
        king_moves = king_moves || moves[i][0] == k;
    }
    bool inside[REF_MAX_SQUARES];
    if (!king_moves || !fort_inside(rs, s, inside)) {
        return false;
    }
    int squares = s->size * s->size;
    bool solid[REF_MAX_SQUARES];
    for (int sq = 0; sq < squares; sq++) {
        solid[sq] = s->board[sq] == REF_DEFENDER;
    }
    for (bool dropped = true; dropped;) {
        bool falls[REF_MAX_SQUARES] = {false};
        for (int sq = 0; sq < squares; sq++) {
            int row = row_of(s, sq), file = file_of(s, sq);
            if (solid[sq] && ((!never_hostile(rs, s, inside, solid, row - 1, file) &&
                               !never_hostile(rs, s, inside, solid, row + 1, file)) ||
                              (!never_hostile(rs, s, inside, solid, row, file - 1) &&
                               !never_hostile(rs, s, inside, solid, row, file + 1)))) {
                falls[sq] = true;
            }
        }
        dropped = false;
        for (int sq = 0; sq < squares; sq++) {
            if (falls[sq]) {
                solid[sq] = false;
                dropped = true;
            }
        }
    }
    for (int sq = 0; sq < squares; sq++) {
        for (int d = 0; d < 4 && inside[sq]; d++) {
            int nb = step(s, sq, d);
            if (nb >= 0 && s->board[nb] == REF_DEFENDER && !solid[nb]) {
                return false;
            }
        }
    }
    return true;
}

/* Both boards hold defenders-or-king on exactly the same squares (the king indistinct). */
static bool same_fort(const signed char *a, const signed char *b, int squares)
{
    for (int i = 0; i < squares; i++) {
        bool da = a[i] == REF_DEFENDER || a[i] == REF_KING;
        bool db = b[i] == REF_DEFENDER || b[i] == REF_KING;
        if (da != db) {
            return false;
        }
    }
    return true;
}

/* The index of the newest entry made by a capture (or 0): nothing earlier can recur. */
static int since_last_capture(const RefHistory *h)
{
    int first = 0;
    for (int i = 0; i < h->length; i++) {
        if (h->entries[i].after_capture) {
            first = i;
        }
    }
    return first;
}

/* (d): positions reached by defender moves since the last capture whose defender squares equal
 * the newest entry's. */
static int fort_occurrences(const RefHistory *h, int squares)
{
    const RefEntry *now = &h->entries[h->length - 1];
    int count = 0;
    for (int i = since_last_capture(h); i < h->length; i++) {
        const RefEntry *e = &h->entries[i];
        if (e->after_defender_move && same_fort(e->board, now->board, squares)) {
            count++;
        }
    }
    return count;
}

/* (e): occurrences of the newest (board, side to move) since the last capture, the starting
 * position included. */
static int position_occurrences(const RefHistory *h, int squares)
{
    const RefEntry *now = &h->entries[h->length - 1];
    int count = 0;
    for (int i = since_last_capture(h); i < h->length; i++) {
        const RefEntry *e = &h->entries[i];
        if (e->sum == now->sum && e->side == now->side &&
            memcmp(e->board, now->board, (size_t)squares) == 0) {
            count++;
        }
    }
    return count;
}

static int count_pieces(const RefState *s, int piece)
{
    int n = 0;
    for (int sq = 0; sq < s->size * s->size; sq++) {
        n += s->board[sq] == piece;
    }
    return n;
}

static void end_game(RefState *s, int winner, int reason)
{
    s->winner = winner;
    s->reason = reason;
}

static int winner_of(int side)
{
    return side == SIDE_ATTACKERS ? WINNER_ATTACKERS : WINNER_DEFENDERS;
}

void ref_apply(const Ruleset *rs, RefState *s, RefHistory *h, int from, int to, int *captured,
               int *ncaptured)
{
    int squares = s->size * s->size;
    int piece = s->board[from];
    int mover = s->side;
    assert(s->winner == WINNER_NONE);
    assert(piece != REF_EMPTY && owner_of(piece) == mover);
    assert(s->board[to] == REF_EMPTY);

    s->board[to] = (signed char)piece;
    s->board[from] = REF_EMPTY;
    if (piece == REF_KING && is_throne(rs, s, from)) {
        s->king_left_throne = true;
    }
    int walls[REF_MAX_CAPS], nwalls = 0;
    if (rs->shieldwall != SHIELDWALL_NO && (piece != REF_KING || king_is_hammer(rs))) {
        shieldwall_victims(rs, s, to, walls, &nwalls); /* found before anything is removed */
    }
    int n = custodial_captures(rs, s, to, captured);
    for (int i = 0; i < nwalls; i++) {
        add_capture(captured, &n, walls[i]);
        s->board[walls[i]] = REF_EMPTY;
    }
    bool any_capture = n > 0;
    s->side = 1 - mover;
    s->ply++;
    push_history(h, s, any_capture, mover == SIDE_DEFENDERS);

    /* RULES.md section 5, "the order of checks after a move". */
    int k = find_king(s);
    if (mover == SIDE_ATTACKERS && adjacent(s, to, k) && king_captured(rs, s, to, k)) {
        captured[n++] = k;
        end_game(s, WINNER_ATTACKERS, END_KING_CAPTURED);
    } else if (rs->escape == ESCAPE_CORNER ? is_corner_square(s, k) : is_edge_square(s, k)) {
        end_game(s, WINNER_DEFENDERS, END_KING_ESCAPED);
    } else if (mover == SIDE_DEFENDERS && rs->edge_fort && in_edge_fort(rs, s)) {
        end_game(s, WINNER_DEFENDERS, END_KING_ESCAPED); /* "edge fort escape" */
    } else if (mover == SIDE_ATTACKERS && rs->encirclement && encircled(s)) {
        end_game(s, WINNER_ATTACKERS, END_ENCIRCLED);
    } else if (mover == SIDE_DEFENDERS && rs->draw_fort && count_pieces(s, REF_DEFENDER) >= 5 &&
               fort_occurrences(h, squares) >= 3) {
        end_game(s, WINNER_ATTACKERS, END_DRAW_FORT);
    } else if (rs->repetition != END_RULE_IGNORE &&
               rs->repetition != END_RULE_DEFENDERS_NO_REPEAT &&
               position_occurrences(h, squares) >= 3) {
        /* "the side that made that move loses, the game is drawn"; defenders_lose: "a loss
         * for white" whoever made it. (The reference has no no-repeat rule: its move lists
         * read no history.) */
        if (rs->repetition == END_RULE_LOSE) {
            end_game(s, winner_of(1 - mover), END_REPETITION);
        } else if (rs->repetition == END_RULE_DEFENDERS_LOSE) {
            end_game(s, WINNER_ATTACKERS, END_REPETITION);
        } else {
            end_game(s, WINNER_DRAW, END_REPETITION);
        }
    } else if (!has_legal_move(rs, s)) {
        /* (f): the side now to move has no legal move. */
        if (rs->no_moves == END_RULE_LOSE) {
            end_game(s, winner_of(mover), END_NO_MOVES);
        } else {
            end_game(s, WINNER_DRAW, END_NO_MOVES);
        }
    } else if (rs->max_plies > 0 && s->ply >= rs->max_plies) {
        end_game(s, WINNER_DRAW, END_MAX_PLIES);
    }
    *ncaptured = n;
}

uint64_t ref_perft(const Ruleset *rs, const RefState *s, RefHistory *h, int depth)
{
    if (depth == 0) {
        return 1;
    }
    int moves[REF_MAX_MOVES][2];
    int n = ref_legal_moves(rs, s, moves);
    if (depth == 1) {
        return (uint64_t)n; /* each legal move leads to one leaf */
    }
    uint64_t total = 0;
    int length = h->length;
    for (int i = 0; i < n; i++) {
        RefState child = *s;
        int caps[REF_MAX_CAPS], ncaps;
        ref_apply(rs, &child, h, moves[i][0], moves[i][1], caps, &ncaps);
        total += ref_perft(rs, &child, h, depth - 1);
        h->length = length;
    }
    return total;
}
