#!/usr/bin/env bash
# A scripted UCI engine for the match referee's tests (tests/referee.rs).
# It answers `uci` (declaring a UCI_Variant option) and `isready`, and each
# `go` with the next item of its arguments:
#   MOVE    `bestmove MOVE`, whatever MOVE is (an illegal move, garbage)
#   junk    lines that are not UCI (and a stray `readyok`), then the next item
#   crash   exits at once, with status 3
#   hang    answers nothing more, but stays until it is killed
#   none    `bestmove (none)`
#   MOVE@CP `info ... score cp CP`, then `bestmove MOVE`
# When the items run out it answers `bestmove (none)`. Until it is told
# `setoption name UCI_Variant value mini` it answers every `go` with
# `bestmove no-variant` (or `bestmove wrong-variant-NAME`), so the tests
# see that the referee sets the variant. Each game starts
# with `ucinewgame`, which does not rewind the script: a script covers
# every game the process plays.
script=("$@")
i=0
hung=0
variant=""
next_item() {
  if [ "$i" -lt "${#script[@]}" ]; then
    item=${script[$i]}
    i=$((i + 1))
  else
    item=none
  fi
}
while IFS= read -r line; do
  [ "$hung" = 1 ] && continue
  case "$line" in
    uci)
      echo "id name scripted"
      echo "option name UCI_Variant type combo default chess var chess var mini"
      echo "uciok"
      ;;
    isready) echo "readyok" ;;
    "setoption name UCI_Variant value "*) variant=${line#setoption name UCI_Variant value } ;;
    quit) exit 0 ;;
    go*)
      if [ "$variant" != mini ]; then
        echo "bestmove ${variant:+wrong-variant-}${variant:-no-variant}"
        continue
      fi
      next_item
      while [ "$item" = junk ]; do
        echo "this is not UCI"
        printf '\001\377 binary\n'
        echo "info string thinking"
        echo "readyok"
        next_item
      done
      case "$item" in
        crash) exit 3 ;;
        hang) hung=1 ;;
        none) echo "bestmove (none)" ;;
        *@*) echo "info depth 1 score cp ${item#*@} pv ${item%@*}"; echo "bestmove ${item%@*}" ;;
        *) echo "info depth 1 score cp 0 pv $item"; echo "bestmove $item" ;;
      esac
      ;;
  esac
done
