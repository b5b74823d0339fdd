/* C allows a function with a non-void return type to end without a return, as long as the caller
 * does not use the value: not instrumented, not reported. */
static int counter;
int CountCall(void) {
  ++counter;
}
int CallsCounted(void) { return counter; }
