// Non-variadic wrappers around libedit's variadic el_set/el_get/history, which Swift
// cannot call directly. Only the native API (histedit.h) is used: no readline globals.
#ifndef CHARTBOOK_CEDITLINE_SHIM_H
#define CHARTBOOK_CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>

static inline EditLine *cb_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}
/// Prompt with invisible escape sequences bracketed by `\1` (for a coloured prompt).
static inline int cb_el_set_prompt(EditLine *e, char *(*prompt)(EditLine *)) {
    return el_set(e, EL_PROMPT_ESC, prompt, '\1');
}
static inline int cb_el_set_editor(EditLine *e, const char *mode) { return el_set(e, EL_EDITOR, mode); }
static inline int cb_el_set_signal(EditLine *e, int on) { return el_set(e, EL_SIGNAL, on); }
static inline int cb_el_set_history(EditLine *e, History *h) { return el_set(e, EL_HIST, history, h); }
static inline int cb_el_set_clientdata(EditLine *e, void *data) { return el_set(e, EL_CLIENTDATA, data); }
static inline void *cb_el_get_clientdata(EditLine *e) {
    void *data = NULL;
    el_get(e, EL_CLIENTDATA, &data);
    return data;
}
static inline int cb_el_add_function(EditLine *e, const char *name, const char *help,
                                     unsigned char (*function)(EditLine *, int)) {
    return el_set(e, EL_ADDFN, name, help, function);
}
static inline int cb_el_bind(EditLine *e, const char *key, const char *function) {
    return el_set(e, EL_BIND, key, function, NULL);
}
/// The function libedit reads each character with (EL_GETCFN): 1 and a character, 0 at
/// end of input, -1 on error.
static inline int cb_el_set_getcfn(EditLine *e, int (*read)(EditLine *, wchar_t *)) {
    return el_set(e, EL_GETCFN, read);
}
/// Redraws the prompt and the line (after Ctrl-Z and fg).
static inline int cb_el_refresh(EditLine *e) { return el_set(e, EL_REFRESH); }
static inline History *cb_history_init(int size) {
    History *h = history_init();
    HistEvent event;
    if (h) history(h, &event, H_SETSIZE, size);
    return h;
}
static inline int cb_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int cb_history_clear(History *h) {
    HistEvent event;
    return history(h, &event, H_CLEAR);
}
/// Writes through the same stdio stream libedit draws on, then flushes (Swift 6 cannot name
/// C's `stdout`).
static inline void cb_write_stdout(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}
#endif
