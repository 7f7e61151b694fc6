// libedit's native API (histedit.h), its types only: the library is not linked. LineEditor
// opens it with dlopen when the interactive notebook starts (EditLineFunctions), so a chart
// drawn from a script or `-e` does not load libedit and its libtinfo, libbsd and libmd at
// start-up (issue 53). Its el_set, el_get and history are C variadic functions, which Swift
// cannot call: these typed wrappers call them through the pointers dlsym found. No readline
// globals are used.
#ifndef CHARTBOOK_CEDITLINE_SHIM_H
#define CHARTBOOK_CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>

typedef int (*cb_el_set_fn)(EditLine *, int, ...);
typedef int (*cb_el_get_fn)(EditLine *, int, ...);
typedef int (*cb_history_fn)(History *, HistEvent *, int, ...);
typedef EditLine *(*cb_el_init_fn)(const char *, FILE *, FILE *, FILE *);
typedef History *(*cb_history_init_fn)(void);

/// libedit on the process's standard streams (Swift 6 cannot name C's `stdin`).
static inline EditLine *cb_el_init(cb_el_init_fn init, const char *program) {
    return init(program, stdin, stdout, stderr);
}
/// Prompt with invisible escape sequences bracketed by `\1` (for a coloured prompt).
static inline int cb_el_set_prompt(cb_el_set_fn set, EditLine *e, char *(*prompt)(EditLine *)) {
    return set(e, EL_PROMPT_ESC, prompt, '\1');
}
static inline int cb_el_set_editor(cb_el_set_fn set, EditLine *e, const char *mode) {
    return set(e, EL_EDITOR, mode);
}
static inline int cb_el_set_signal(cb_el_set_fn set, EditLine *e, int on) {
    return set(e, EL_SIGNAL, on);
}
static inline int cb_el_set_history(cb_el_set_fn set, EditLine *e, cb_history_fn history,
                                    History *h) {
    return set(e, EL_HIST, history, h);
}
static inline int cb_el_set_clientdata(cb_el_set_fn set, EditLine *e, void *data) {
    return set(e, EL_CLIENTDATA, data);
}
static inline void *cb_el_get_clientdata(cb_el_get_fn get, EditLine *e) {
    void *data = NULL;
    get(e, EL_CLIENTDATA, &data);
    return data;
}
static inline int cb_el_add_function(cb_el_set_fn set, EditLine *e, const char *name,
                                     const char *help, unsigned char (*function)(EditLine *, int)) {
    return set(e, EL_ADDFN, name, help, function);
}
static inline int cb_el_bind(cb_el_set_fn set, EditLine *e, const char *key, const char *function) {
    return set(e, EL_BIND, key, function, NULL);
}
/// The function libedit reads each character with (EL_GETCFN): 1 and a character, 0 at
/// end of input, -1 on error.
static inline int cb_el_set_getcfn(cb_el_set_fn set, EditLine *e,
                                   int (*read)(EditLine *, wchar_t *)) {
    return set(e, EL_GETCFN, read);
}
/// Redraws the prompt and the line (after Ctrl-Z and fg).
static inline int cb_el_refresh(cb_el_set_fn set, EditLine *e) { return set(e, EL_REFRESH); }
static inline History *cb_history_init(cb_history_init_fn init, cb_history_fn history, int size) {
    History *h = init();
    HistEvent event;
    if (h) history(h, &event, H_SETSIZE, size);
    return h;
}
static inline int cb_history_enter(cb_history_fn history, History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int cb_history_clear(cb_history_fn history, History *h) {
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
