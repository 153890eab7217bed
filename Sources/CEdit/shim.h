#include <stdio.h>
#include <editline/readline.h>

/* libedit's configuration lives in global variables, which Swift 6 refuses to touch (shared
** mutable state); these helpers set them from C. */

/* Names the program, sets the characters that end a word for completion, and the completer. */
static inline void transit_edit_configure(const char *name, const char *word_breaks, rl_completion_func_t *completer) {
    rl_readline_name = name;
    rl_basic_word_break_characters = word_breaks;
    rl_completer_word_break_characters = (char *)word_breaks;
    rl_attempted_completion_function = completer;
}

/* Inside a completion: no file-name completion as a fallback, and nothing appended after a
** single match (`transit.wait` is usually followed by "("). */
static inline void transit_edit_completion_flags(void) {
    rl_attempted_completion_over = 1;
    rl_completion_append_character = 0;
}

/* stdout is buffered by C (Lua's print writes there too): flush it from Swift. */
static inline void transit_flush_stdout(void) { fflush(stdout); }
