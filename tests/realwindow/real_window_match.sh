#!/usr/bin/env bash
# The real windows, driven like an operator: facedown-console and facedown-overlay
# on one store under Xvfb with a window manager (openbox), and xdotool for real
# mouse and keyboard input through GLFW. A short Number Janggi match (genius-2015,
# so a 60 s turn clock runs): shuffled setups, a typed move, a void that restores
# the clock (held for the correction: no card on air), the hold (pause at once,
# its reason as a note), resume, a caption, a
# battle; screenshots of the overlay with the caption, mid-explainer and, after
# `kill -9` of the console, in standby; then the console resumes the match (paused
# at the last heartbeat, an outage note); and the director's cues, from the
# console (Ctrl+3: the faces layout) and from the director's page (/director on
# the console's control API, in chromium: back to landscape and a hold of the
# picture, then its release), the overlay following each while the scorebug's
# clock runs under the hold. The store is checked with the CLI
# (export, verify) and the screenshots with ImageMagick; copies of them stay in
# OUT for people to look at.
# usage: real_window_match.sh CONSOLE OVERLAY FACEDOWN OUT [NODE CHROMIUM BROWSER_TESTS_DIR]
# Exit 77 (ctest SKIP_RETURN_CODE) when xdotool or Xvfb is missing. Without
# node and chromium the director's page is not driven (said in the output).
set -u
CONSOLE=$1 OVERLAY=$2 CLI=$3 OUT=$4 NODE=${5:-} CHROMIUM=${6:-} BROWSER_TESTS=${7:-}
for tool in xdotool Xvfb; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed (scripts/install-deps.sh)"; exit 77; }
done
for tool in sqlite3 import convert compare; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-deps.sh)"; exit 1; }
done

rm -rf "$OUT"
mkdir -p "$OUT"
DB=$OUT/match.db
START=$SECONDS
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
}
trap cleanup EXIT
fail() {
  echo "FAIL ($((SECONDS - START)) s): $*"
  [ -n "${DISPLAY:-}" ] && import -window root "$OUT/failure-screen.png" 2>/dev/null &&
    echo "the whole screen at the failure: $OUT/failure-screen.png"
  for log in "$OUT"/*.log; do echo "--- $log"; tail -n 20 "$log"; done
  exit 1
}
sql() { sqlite3 -cmd ".timeout 2000" "$DB" "$1" 2>/dev/null; }
count() { sql "select count(*) from events where type='$1'"; }
# wait_for SQL EXPECTED [SECONDS]: the store, not a fixed sleep, says when a step is done.
wait_for() {
  local limit=$((${3:-20} * 5)) i=0
  while [ "$(sql "$1")" != "$2" ]; do
    i=$((i + 1))
    [ $i -gt $limit ] && fail "waiting for [$1] = $2 (got '$(sql "$1")')"
    sleep 0.2
  done
}

# --- the display: Xvfb, a window manager, the two programs side by side ---------
# No autorepeat within 10 s: a held key (press) under load must not type twice.
Xvfb -displayfd 3 -screen 0 2300x1000x24 -nolisten tcp -ardelay 10000 3>"$OUT/display" 2>"$OUT/xvfb.log" &
pids+=($!)
for _ in $(seq 100); do [ -s "$OUT/display" ] && break; sleep 0.1; done
[ -s "$OUT/display" ] || fail "Xvfb did not start"
export DISPLAY=":$(cat "$OUT/display")" LIBGL_ALWAYS_SOFTWARE=1 ASAN_OPTIONS=detect_leaks=0
if command -v openbox >/dev/null; then
  openbox --sm-disable >"$OUT/openbox.log" 2>&1 &
  pids+=($!)
  sleep 0.5
else
  echo "note: no openbox; running without a window manager"
fi

# window NAME_REGEX: the id of a mapped top-level window, waited for.
window() { timeout 30 xdotool search --sync --onlyvisible --name "$1" 2>/dev/null | head -n 1; }
# press KEY: a real key press, as short as a typist's. The desk's input queue
# (ui/input_queue.h) shows ImGui a press shorter than a frame; held longer than
# ImGui's repeat delay (0.275 s), a Tab would repeat and, with an even count,
# land back in the field it left.
press() {
  [ "$1" = wait ] && { sleep 0.8; return; }  # a pause between keys, not a key
  xdotool keydown "$1"
  sleep 0.1
  xdotool keyup "$1"
  sleep 0.1
}
# press_until SQL EXPECTED KEY...: the keys, again if the store has not changed
# within 6 s (a press can be lost while a window is still starting or not yet
# focused; a press that was seen changes the store, so it is never repeated).
press_until() {
  local q=$1 want=$2 try i
  shift 2
  for try in 1 2 3 4; do
    focus_console
    for k in "$@"; do press "$k"; done
    for i in $(seq 30); do [ "$(sql "$q")" = "$want" ] && return 0; sleep 0.2; done
    echo "note: [$*] changed nothing in 6 s; again"
  done
  fail "waiting for [$q] = $want after the keys [$*] (got '$(sql "$q")')"
}
typetext() { xdotool type --delay 40 "$1"; sleep 0.1; }
focus_console() {
  xdotool windowactivate --sync "$CW" 2>/dev/null || xdotool windowfocus --sync "$CW"
  sleep 0.1
}
# click_console X Y: a real left click at window coordinates.
click_console() {
  focus_console
  xdotool mousemove --window "$CW" "$1" "$2"
  sleep 0.1
  xdotool mousedown 1
  sleep 0.15
  xdotool mouseup 1
  sleep 0.15
}
# shot NAME: the overlay window alone, as the vision mixer would take it.
shot() { import -window "$OW" "$OUT/$1.png" || fail "no screenshot $1"; }
# until_shot NAME CHECK SECONDS [PAUSE]: shots until CHECK NAME passes.
until_shot() {
  local end=$((SECONDS + $3))
  while :; do
    shot "$1"
    "$2" "$1" && return 0
    [ $SECONDS -ge $end ] && return 1
    sleep "${4:-0.3}"
  done
}
# Regions of the 960x540 overlay window (the 1920x1080 canvas at half size).
CLOCK=100x34+430+32      # the turn clock's digits in the top bar
CAPTION=400x28+280+434   # the caption's lower third under the board
EXPLAINER=340x28+310+126  # the explainer's first line, over the board's top
EXPLAINER_LOW=340x28+310+183  # ... or below the top row when the battle is in it
CARD=300x100+330+225     # the standby or paused card over the board
PANEL=150x300+60+120     # player 1's panel (landscape), empty in the faces layout
# diff_px A B REGION: how many pixels of REGION differ by more than 10 %.
diff_px() {
  compare -metric AE -fuzz 10% "$OUT/$1.png[$3]" "$OUT/$2.png[$3]" null: 2>&1 | cut -d' ' -f1
}
# golden NAME REGION: NAME.png's REGION against tests/realwindow/golden/NAME.png
# (at most 3 % of the pixels off by more than 10 %); REALWINDOW_UPDATE_GOLDENS=1
# writes the golden instead (look at it before committing it).
GOLDEN=$(cd "$(dirname "$0")" && pwd)/golden
golden() {
  convert "$OUT/$1.png[$2]" +repage "$OUT/$1-crop.png"
  if [ "${REALWINDOW_UPDATE_GOLDENS:-0}" = 1 ]; then
    mkdir -p "$GOLDEN" && cp "$OUT/$1-crop.png" "$GOLDEN/$1.png" && echo "golden: wrote $GOLDEN/$1.png"
    return
  fi
  local size=${2%%+*} off
  off=$(compare -metric AE -fuzz 10% "$OUT/$1-crop.png" "$GOLDEN/$1.png" null: 2>&1 | cut -d' ' -f1)
  [ -n "$off" ] && [ "${off%.*}" -le $(( ${size%x*} * ${size#*x} * 3 / 100 )) ] 2>/dev/null ||
    fail "$1.png differs from golden/$1.png in $2: $off pixels (compare $OUT/$1-crop.png)"
}

# The console's control API (the director's page) on a free loopback port,
# its token under OUT (XDG_CONFIG_HOME), when the page can be driven.
CONTROL=off
if [ -x "$NODE" ] && [ -x "$CHROMIUM" ] && [ -f "$BROWSER_TESTS/director_take.mjs" ]; then
  PORT=$("$NODE" -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  CONTROL=127.0.0.1:$PORT
  export XDG_CONFIG_HOME=$OUT/config
else
  echo "note: no node or chromium: the director's page is not driven (cues from the console only)"
fi
start_console() {
  "$CONSOLE" --db "$DB" --control-listen "$CONTROL" --size 1280 >>"$OUT/console.log" 2>&1 &
  CP=$!
  pids+=($CP)
  CW=$(window 'Facedown.*console')
  [ -n "$CW" ] || fail "no console window"
  xdotool windowmove --sync "$CW" 0 0 2>/dev/null
  sleep 1  # the first frames (font atlas) before input counts
}

start_console
"$OVERLAY" --db "$DB" --size 960 >"$OUT/overlay.log" 2>&1 &
pids+=($!)
OW=$(window 'Facedown overlay')
[ -n "$OW" ] || fail "no overlay window"
xdotool windowmove --sync "$OW" 1320 0 2>/dev/null
echo "windows: console $CW, overlay $OW on $DISPLAY"

# --- a match: the start screen's defaults (Number Janggi, genius-2015) -----------
press_until "select count(*) from matches" 1 n
# Both setups shuffled (S) and sealed (L shows the setup; a plain Enter does not
# seal, Ctrl+Enter once the dialog's button is armed does), then start (G).
press_until "select count(*) from events where type='setup-locked'" 1 s l Return wait ctrl+Return
press_until "select count(*) from events where type='setup-locked'" 2 s l Return wait ctrl+Return
press_until "select count(*) from events where type='started'" 1 g

# Plan the moves from the locked setups (the referee's export holds them): a P1
# number on rank 3 steps two forward to rank 5, and the P2 number on the same file's
# rank 7 steps to rank 6, next to it, so one battle follows.
"$CLI" export --db "$DB" --match 1 >"$OUT/setups.txt" || fail "export failed"
token_at() {  # PLAYER SQUARE: the token placed there
  grep "^setup $1 " "$OUT/setups.txt" | tr ' ' '\n' | grep ":$2\$" | cut -d: -f1
}
FILE=""
for f in a b c d e f; do
  t1=$(token_at 1 "${f}3") t2=$(token_at 2 "${f}7")
  case "$t1" in [0-9]*) ;; *) continue ;; esac
  case "$t2" in [0-9]*) ;; *) continue ;; esac
  FILE=$f
  break
done
[ -n "$FILE" ] || fail "no file with numbers on both ranks 3 and 7 in these setups: $(grep ^setup "$OUT/setups.txt")"
echo "plan: ${FILE}3-${FILE}5 (P1 $t1), then ${FILE}7-${FILE}6 (P2 $t2)"

# move_field_at: "X Y" of the typed move field now, found on a screenshot of the
# console (lines above it, such as "On air: ...", move it down): the first run of
# the input frame's colour (#1D2F49) in a column right of the board.
move_field_at() {
  local x y
  import -window "$CW" "$OUT/console-now.png" 2>/dev/null || return 1
  for x in 367 340 400 320 440 470 500; do
    y=$(field_run "$x")
    [ -n "$y" ] && { echo "$x $y"; return 0; }
  done
}
field_run() {  # X: the middle of the first tall run of the field's colour in that column
  convert "$OUT/console-now.png" -crop "1x400+$1+150" +repage txt:- | awk -v top=150 '
    function near(a, b) { return a - b < 8 && b - a < 8 }
    NR > 1 {
      split($1, xy, /[,:]/); split($2, c, /[(),]/)
      if (near(c[2] + 0, 29) && near(c[3] + 0, 47) && near(c[4] + 0, 73)) { if (!run) from = xy[2]; run++ }
      else { if (run >= 14) { print top + from + int(run / 2); found = 1; exit } run = 0 }
    }
    END { if (!found && run >= 14) print top + from + int(run / 2) }'
}
# type_move MOVE: a real click into the typed move field, the move, Enter
# previews, Enter again confirms.
type_move() {
  local at
  at=$(move_field_at)
  [ -n "$at" ] || fail "no typed move field right of the board on the console ($OUT/console-now.png)"
  click_console $at
  typetext "$1"
  press Return
  sleep 0.5
  press_until "select count(*) from events where type='moved'" "$2" Return
}
# dialog SQL EXPECTED KEY TEXT: KEY opens a referee dialog, TEXT goes into its
# field, Enter confirms; after an Escape, again if the store did not change. The
# texts hold no shortcut letter (P W V K N T), so a lost KEY cannot open another
# dialog through them.
dialog() {
  local q=$1 want=$2 try i
  for try in 1 2 3; do
    focus_console
    press "$3"
    sleep 0.5
    typetext "$4"
    press Return
    for i in $(seq 30); do [ "$(sql "$q")" = "$want" ] && return 0; sleep 0.2; done
    echo "note: the dialog of $3 changed nothing in 6 s; Escape and again"
    press Escape
  done
  fail "waiting for [$q] = $want after the dialog of $3 (got '$(sql "$q")')"
}
# --- a move, then a void that restores the turn clock ---------------------------
focus_console
type_move "${FILE}3${FILE}5" 1
sleep 1.5  # the mistake costs time on the clock: the restore must give it back
shot before-void  # the running match on air: no card
dialog "select count(*) from events where type='voided'" 1 v "bad square"
sql "select payload from events where type='voided'" | grep -q '"restore":true' || fail "the void did not restore the clock"
# The correction holds the clock, recorded, until the corrected move.
wait_for "select count(*) from events where type='paused'" 1
sql "select payload from events where type='paused'" | grep -q 'correction' || fail "the void's hold is not a correction pause"
# On air the held clock is a stopped clock, never the PAUSED card of a pause the
# referee called (the card would change thousands of pixels of CARD).
sleep 1.5
shot correction-held
[ "$(diff_px before-void correction-held "$CARD")" -lt 3000 ] ||
  fail "the overlay shows a card for the correction hold (correction-held.png against before-void.png)"
# clock_dialog SQL EXPECTED SECONDS REASON: K, the seconds, Tab, the reason, Enter;
# after an Escape, again if the store did not change (a character typed while the
# dialog is still appearing is dropped, by design).
clock_dialog() {
  local q=$1 want=$2 try i
  for try in 1 2 3; do
    focus_console
    press k
    sleep 1
    typetext "$3"
    press Tab
    typetext "$4"
    press Return
    for i in $(seq 30); do [ "$(sql "$q")" = "$want" ] && return 0; sleep 0.2; done
    import -window "$CW" "$OUT/console-clock-dialog-$want-try-$try.png" 2>/dev/null  # what it showed
    echo "note: the clock dialog changed nothing in 6 s; Escape and again"
    press Escape
  done
  fail "waiting for [$q] = $want after the clock dialog (got '$(sql "$q")')"
}
# A slow correction: the turn clock set to 58 s (K, seconds, Tab, reason), then
# more than the 2 s left of the turn pass while the operator types: no timeout.
clock_dialog "select count(*) from events where type='clock-set'" 1 58 "floor stopwatch"
sleep 4
import -window "$CW" "$OUT/console-correction-held.png" 2>/dev/null  # the desk says why the clock stands
[ "$(count ended)" = 0 ] || fail "the match ended while the correction held the clock"
type_move "${FILE}3-${FILE}5" 2
# The corrected move resumed the clock and moved at one instant.
[ "$(sql "select t_ms from events where type='resumed'")" = \
  "$(sql "select t_ms from events where type='moved' order by seq desc limit 1")" ] ||
  fail "the corrected move did not resume and move at one instant"
[ "$(count ended)" = 0 ] || fail "the corrected move came too late"

# --- the hold: paused at once, the reason asked afterwards, logged as a note ---
press_until "select count(*) from events where type='paused'" 2 p
[ "$(count noted)" = 0 ] || fail "a note before the reason was typed"
# The reason dialog opens once the pause is stored; its field has the keyboard.
sleep 0.5
typetext "a sore leg"
press Return
for i in $(seq 30); do [ "$(count noted)" = 1 ] && break; sleep 0.2; done
[ "$(count noted)" = 1 ] || { echo "note: the hold's reason is not stored yet; Enter again"; press Return; }
wait_for "select count(*) from events where type='noted'" 1
sql "select payload from events where type='noted'" | grep -q '"text":"a sore leg' || fail "the note is not the hold's reason"
press_until "select count(*) from events where type='resumed'" 2 p

# --- a caption through the console, on air in the overlay ------------------------
shot before-caption
dialog "select count(*) from events where type='captioned'" 1 t "Game 1 of 3"
has_caption() { [ "$(diff_px before-caption "$1" "$CAPTION")" -gt 2000 ]; }
until_shot caption has_caption 10 || fail "no caption on the overlay (caption.png)"
golden caption "$CAPTION"

# --- a battle, grabbed within the explainer ---------------------------------------
shot before-battle
type_move "${FILE}7${FILE}6" 3
# Genius: both players declare items (the defaults are "none"): Enter.
for _ in 1 2 3; do
  [ "$(sql "select status from matches where id=1")" = awaiting-items ] || break
  press Return
  sleep 0.5
done
wait_for "select count(*) from events where type='battle'" 1
# Screenshots as fast as they come until the explainer's line is over the board
# (after the flip, before the fade).
# The explainer sits over the board's top row unless the battle is in that row;
# then broadcast/explainer_place.h moves it just below. The lower place is
# looked at first: this battle is in the top row, whose flipping tiles alone
# change the upper region by more than the threshold.
has_explainer() {
  for EXPLAINER_AT in "$EXPLAINER_LOW" "$EXPLAINER"; do
    [ "$(diff_px before-battle "$1" "$EXPLAINER_AT")" -gt 3800 ] && return 0
  done
  return 1
}
until_shot explainer has_explainer 8 0 || fail "no battle explainer on the overlay (explainer.png)"
golden explainer "$EXPLAINER_AT"

# --- kill -9 of the desk: the overlay goes to standby, its clock frozen -----------
# First the clock runs: two shots 1.5 s apart differ (so "frozen" below can fail).
sleep 1
shot running-1
sleep 1.5
shot running-2
[ "$(diff_px running-1 running-2 "$CLOCK")" -gt 20 ] || fail "the overlay's turn clock does not run (running-1/2.png)"
kill -9 "$CP"
wait "$CP" 2>/dev/null
KILLED=$SECONDS
sleep 2.5  # the heartbeat is older than 2 s from here on
# A card over the board where there was none (the look itself is the golden's).
standby_card() { [ "$(diff_px running-2 "$1" "$CARD")" -gt 3000 ]; }
until_shot standby-1 standby_card 10 || fail "no standby card on the overlay after kill -9 (standby-1.png)"
golden standby-1 "$CARD"
sleep 1.5
shot standby-2
standby_card standby-2 || fail "standby did not last (standby-2.png)"
[ "$(diff_px standby-1 standby-2 "$CLOCK")" -le 5 ] || fail "the turn clock runs on in standby (standby-1/2.png)"

# --- the resume: paused at the last heartbeat, the outage recorded ----------------
start_console
press_until "select count(*) from events where type='noted' and payload like '%outage%'" 1 r
# A card still, but no longer the standby card: the pause.
paused_card() { [ "$(diff_px running-2 "$1" "$CARD")" -gt 3000 ] && [ "$(diff_px standby-1 "$1" "$CARD")" -gt 1000 ]; }
until_shot resumed paused_card 10 || fail "the overlay does not show the pause after the resume (resumed.png)"
# Standby froze the clock where it stood (it ran on from the last heartbeat for
# the 2 s of silence, and never jumps back: tests/overlay/draw_test.cpp); the
# resume pauses at the last heartbeat, the desk's own time, so the paused clock
# may show up to 2 s more than standby did (the store's side is checked below).
import -window "$CW" "$OUT/console-resumed.png" 2>/dev/null  # the desk after the resume, to look at
echo "outage: killed at +$KILLED s, $((SECONDS - KILLED)) s until the resumed pause was on air"

# --- the store, through the CLI -----------------------------------------------------
"$CLI" export --db "$DB" --match 1 >"$OUT/export.txt" || fail "export failed"
"$CLI" verify --db "$DB" >"$OUT/verify.txt" 2>&1 || fail "verify failed: $(cat "$OUT/verify.txt")"
grep -Eq '^@[0-9.]+ void 1 "bad square" restore$' "$OUT/export.txt" || fail "no void ... restore in the export"
grep -Eq '^@[0-9.]+ note "a sore leg' "$OUT/export.txt" || fail "no hold note in the export"
grep -Eq '^@[0-9.]+ caption "Game 1 of 3"$' "$OUT/export.txt" || fail "no caption in the export"
grep -q 'note "outage: ' "$OUT/export.txt" || fail "no outage note in the export"
# The clocks, from the public state the CLI replays: the void gave the turn back
# the 1.5 s the mistake cost; the resume kept what ran before the crash.
elapsed_after() {  # SEQ: the turn's elapsed seconds after that event
  "$CLI" replay --db "$DB" --match 1 --to "$1" --final --view public | sed -n 's/.*"turn_elapsed": \([0-9.]*\).*/\1/p'
}
void_seq=$(sql "select seq from events where type='voided'")
void_t=$(sql "select t_ms from events where type='voided'")
move_t=$(sql "select t_ms from events where type='moved' order by seq limit 1")
turn_t=$(sql "select t_ms from events where type='turn-started' and seq < (select min(seq) from events where type='moved') order by seq desc limit 1")
restored=$(elapsed_after "$void_seq")
awk -v e="$restored" -v m="$move_t" -v s="$turn_t" -v v="$void_t" 'BEGIN {
  want = (m - s) / 1000; exit !(e - want < 0.002 && want - e < 0.002 && (v - s) / 1000 - e > 1.0) }' ||
  fail "after the void the turn had run $restored s; the voided move came at $(( move_t - turn_t )) ms into it"
last_seq=$(sql "select max(seq) from events")
kept=$(elapsed_after "$last_seq")
awk -v e="$kept" 'BEGIN { exit !(e > 2.0) }' || fail "the resumed turn kept only $kept s of what ran (a refund)"
echo "clocks: the void restored the turn to $restored s; the resume kept $kept s"

# --- a wrong timeout, reinstated from the result panel (K) ----------------------------
focus_console
press_until "select count(*) from events where type='resumed'" 3 p
# The clock set to 59.5 s: the turn times out half a second later.
clock_dialog "select count(*) from events where type='clock-set'" 2 59.5 "test the timeout"
wait_for "select count(*) from events where type='ended'" 1 10
sleep 1.5  # the result's buttons take input a moment after they appear
import -window "$CW" "$OUT/console-timeout.png" 2>/dev/null
# The reinstatement speaks in time left, as the clocks do: 40 s left of the 60 s turn.
clock_dialog "select count(*) from events where type='clock-set' and payload like '%\"reinstate\":true%'" 1 \
  40 "the desk clock was wrong"
import -window "$CW" "$OUT/console-reinstated.png" 2>/dev/null
state=$("$CLI" replay --db "$DB" --match 1 --final --view public)
echo "$state" | grep -q '"status": "paused"' || fail "not paused after the reinstatement: $state"
echo "$state" | grep -q '"result": null' || fail "the result stayed after the reinstatement: $state"
echo "$state" | grep -q '"turn_elapsed": 20' || fail "the turn clock is not 20 s after the reinstatement: $state"
"$CLI" export --db "$DB" --match 1 >"$OUT/export.txt" || fail "export failed"
grep -Eq '^@[0-9.]+ clock 20 "the desk clock was wrong"$' "$OUT/export.txt" || fail "no reinstating clock in the export"
"$CLI" verify --db "$DB" >"$OUT/verify.txt" 2>&1 || fail "verify failed after the reinstatement: $(cat "$OUT/verify.txt")"
# --- the director's cues: from the console and from the director's page ---------
# The turn clock set to 5 s and resumed, so it runs through the cues below.
clock_dialog "select count(*) from events where type='clock-set'" 4 5 "the director's cues"
press_until "select count(*) from events where type='resumed'" 4 p
sleep 0.5
shot before-cues
# The console: Ctrl+3 takes the faces layout (the scorebug and the caption only).
press_until "select count(*) from cues" 1 ctrl+3
[ "$(sql "select cue from cues order by id desc limit 1")" = "layout faces" ] ||
  fail "the console's Ctrl+3 stored [$(sql "select cue from cues")], not layout faces"
no_panel() { [ "$(diff_px before-cues "$1" "$PANEL")" -gt 8000 ]; }
until_shot faces no_panel 10 || fail "the overlay did not take the faces layout (faces.png: the panel stays)"
# The clock still runs in faces (the scorebug is in every layout).
sleep 1.5
shot faces-2
[ "$(diff_px faces faces-2 "$CLOCK")" -gt 20 ] || fail "the turn clock does not run in the faces layout (faces/faces-2.png)"
if [ "$CONTROL" != off ]; then
  TOKEN=$(tr -d ' \n' <"$XDG_CONFIG_HOME/facedown/control-token")
  take() {  # CUES: clicked on the director's page, then Take (T)
    "$NODE" "$BROWSER_TESTS/director_take.mjs" --chromium "$CHROMIUM" --url "http://$CONTROL" --token "$TOKEN" \
      --cues "$1" >>"$OUT/director-page.log" 2>&1 || fail "the director's page: $(tail -n 3 "$OUT/director-page.log")"
  }
  # Back to landscape and the picture held, taken together from the page.
  take "layout landscape|hold board"
  wait_for "select group_concat(cue, '|') from (select cue from cues order by id)" "layout faces|layout landscape|hold board"
  panel_back() { [ "$(diff_px faces "$1" "$PANEL")" -gt 8000 ]; }
  until_shot landscape-held panel_back 10 || fail "the overlay did not follow the page's layout landscape (landscape-held.png)"
  # A held picture keeps the scorebug's clock live: two shots 1.5 s apart differ.
  sleep 1.5
  shot held-2
  [ "$(diff_px landscape-held held-2 "$CLOCK")" -gt 20 ] || fail "the turn clock froze under the picture's hold (landscape-held/held-2.png)"
  take "release board"
  wait_for "select cue from cues order by id desc limit 1" "release board"
  echo "director: faces from the console, landscape + hold + release from the page; the clock ran throughout"
else
  echo "director: faces from the console (the page not driven)"
fi
# Cues are presentation: the match's log has none of them, and verifies.
"$CLI" verify --db "$DB" >"$OUT/verify.txt" 2>&1 || fail "verify failed after the cues: $(cat "$OUT/verify.txt")"
"$CLI" export --db "$DB" --match 1 >"$OUT/export.txt" || fail "export failed"
grep -Eq 'layout|hold board' "$OUT/export.txt" && fail "a cue is in the match's export"
echo "export:"
cat "$OUT/export.txt"
echo "ok ($((SECONDS - START)) s): screenshots in $OUT"
