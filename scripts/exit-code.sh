#!/usr/bin/env bash
# The harness's exit codes in one table (README "Exit codes"): prints the
# meaning of the code given.
case "${1:-}" in
  0)   echo "all selected tests passed" ;;
  1)   echo "a test failed" ;;
  2)   echo "harness error: an ERROR verdict, a result file not written whole, or no verdict" ;;
  77)  echo "nothing ran: every selected test skipped or N/A (the state brackets test nothing), or none selected" ;;
  124) echo "timeout: QEMU killed, or a test hung and a watchdog reset the machine" ;;
  *)   echo "not a harness exit code" ;;
esac
