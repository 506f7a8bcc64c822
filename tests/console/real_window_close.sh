#!/bin/sh
# The real console window under Xvfb, driven through real X11 events and GLFW: a
# match is created, both setups shuffled and locked, the clock started; a caption
# goes on air; the hold (P) pauses at once and its typed reason becomes a note;
# a void keeps restore on by default; then the window's close button
# (WM_DELETE_WINDOW). The console must ask first (still running), and after Enter
# confirms, pause the match in the store and exit 0.
# usage: real_window_close.sh CONSOLE X11_SEND DB
set -u
CONSOLE=$1 SEND=$2 DB=$3
rm -f "$DB" "$DB-wal" "$DB-shm"
"$CONSOLE" --db "$DB" --control-listen off >"$DB.log" 2>&1 &
P=$!
fail() { echo "FAIL: $*"; cat "$DB.log"; kill "$P" 2>/dev/null; exit 1; }
sql() { sqlite3 "$DB" "$1" 2>/dev/null; }
wait_for() {  # SQL EXPECTED
  i=0
  while [ "$(sql "$1")" != "$2" ]; do
    i=$((i + 1)); [ $i -gt 150 ] && fail "waiting for [$1] = $2 (got $(sql "$1"))"
    sleep 0.2
  done
}
i=0
until "$SEND"; do i=$((i + 1)); [ $i -gt 150 ] && fail "no window"; sleep 0.2; done
sleep 1
"$SEND" key:n; wait_for "select count(*) from matches" 1
# The seal dialog takes no plain Enter: Ctrl+Enter once its button is armed.
SEAL="key:s key:l key:Return sleep:800 down:Control_L key:Return up:Control_L"
"$SEND" $SEAL; wait_for "select count(*) from events where type='setup-locked'" 1
"$SEND" $SEAL; wait_for "select count(*) from events where type='setup-locked'" 2
"$SEND" key:g; wait_for "select count(*) from events where type='started'" 1
"$SEND" key:t sleep:300 key:h key:i key:Return; wait_for "select count(*) from events where type='captioned'" 1
"$SEND" key:p; wait_for "select count(*) from events where type='paused'" 1
[ "$(sql "select count(*) from events where type='noted'")" = 0 ] || fail "a note before the reason was typed"
"$SEND" sleep:300 key:w key:c key:Return; wait_for "select count(*) from events where type='noted'" 1
sql "select payload from events where type='noted'" | grep -q '"wc"' || fail "the hold's reason is not the note"
"$SEND" key:p; wait_for "select count(*) from events where type='resumed'" 1
"$SEND" key:v sleep:300 key:o key:k key:Return; wait_for "select count(*) from events where type='voided'" 1
sql "select payload from events where type='voided'" | grep -q '"restore":true' || fail "the void did not restore"
"$SEND" key:p; wait_for "select count(*) from events where type='resumed'" 2
"$SEND" sleep:500 close sleep:1500
kill -0 "$P" 2>/dev/null || fail "the console quit at once on a running match"
[ "$(sql "select count(*) from events where type='paused'")" = 1 ] || fail "paused before the operator confirmed"
"$SEND" key:Return
i=0
while kill -0 "$P" 2>/dev/null; do i=$((i + 1)); [ $i -gt 100 ] && fail "still running after the confirmed close"; sleep 0.2; done
wait "$P"; rc=$?
[ "$rc" = 0 ] || fail "exit code $rc"
[ "$(sql "select type from events order by seq desc limit 1")" = paused ] || fail "the last stored event is not the pause"
sql "select payload from events order by seq desc limit 1" | grep -q "console window closed" || fail "the pause has not the close's reason"
echo "ok: asked, paused in the store, exited"
