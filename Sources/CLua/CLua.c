/*
** CLua: the trampoline, protected helpers, limiting allocator and budget hook.
** See include/CLua.h for why each exists.
*/
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <signal.h>
#include <unistd.h>

static transit_Limits *limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (transit_Limits *)ud;
}

transit_Limits *transit_limitsof(lua_State *L) { return limits_of(L); }

static size_t host_used(const transit_Limits *limits) {
    /* The host's count is a signed Int; an estimate that ran below zero counts as none. */
    long long bytes = limits->hostUsed ? (long long)*limits->hostUsed : 0;
    return bytes > 0 ? (size_t)bytes : 0;
}

/* The allocator: frees and shrinks always succeed; growth fails past the limit unless a host
** function is running (a failure there would longjmp through Swift). */
static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    transit_Limits *limits = (transit_Limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        limits->used -= old;
        return NULL;
    }
    if (limits->limit && nsize > old && limits->used - old + nsize + host_used(limits) > limits->limit && limits->inHost == 0 && limits->inScript > 0) {
        limits->limitReached = 1;
        return NULL;
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    limits->used = limits->used - old + nsize;
    return block;
}

void transit_restorehook(lua_State *L) {
    /* Always a count hook, even without a budget: it is what takes Ctrl-C in every thread. */
    lua_sethook(L, transit_budgethook, LUA_MASKCOUNT, BUDGET_STEP);
}

/* "file:line: instruction budget of N instructions exceeded (...)", at `level` (0 in a hook:
** the running Lua function; 1 in a C function: its caller). */
static int raise_budget_exceeded(lua_State *L, transit_Limits *limits, int level) {
    limits->budgetExceeded = 1;
    /* lua_pushfstring knows no %lld: format the count here. */
    char text[200];
    snprintf(text, sizeof text, "instruction budget of %lld instructions exceeded (a loop that never ends? --budget raises the limit)", limits->budgetTotal);
    luaL_where(L, level);
    lua_pushstring(L, text);
    lua_concat(L, 2);
    return lua_error(L);
}

static int raise_interrupt(lua_State *L, transit_Limits *limits) {
    limits->interrupted = 0;
    transit_restorehook(L);
    return luaL_error(L, "interrupted!");
}

/* A finalizer that failed ends the run: its message (which names the finalizer's line) is
** raised in the code that runs next, as an error of that code would be. */
static int raise_finalizer_failure(lua_State *L, transit_Limits *limits) {
    limits->finalizerFailed = 0;
    lua_getfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
    return lua_error(L);
}

void transit_budgethook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    transit_Limits *limits = limits_of(L);
    if (limits->interrupted) raise_interrupt(L, limits);
    if (limits->finalizerFailed) raise_finalizer_failure(L, limits);
    if (limits->budgetTotal == 0) return;
    limits->budget -= BUDGET_STEP;
    if (limits->budget <= 0) raise_budget_exceeded(L, limits, 0);
}

void transit_chargebudget(lua_State *L, long long instructions) {
    transit_Limits *limits = limits_of(L);
    if (limits->interrupted) raise_interrupt(L, limits);
    if (limits->budgetTotal == 0) return;
    limits->budget -= instructions;
    if (limits->budget <= 0) raise_budget_exceeded(L, limits, 1);
}

int transit_overmemorylimit(lua_State *L) {
    transit_Limits *limits = limits_of(L);
    return limits->limit && limits->used + host_used(limits) > limits->limit;
}

/* Lua's warnings, with its control messages, kept per state (in the state's limits): off until
** warn("@on"), as in the standalone interpreter. A warning is written whole, as one line, so it
** never interleaves with other output mid-line. */
static void warning_handler(void *ud, const char *message, int tocont) {
    transit_Limits *limits = (transit_Limits *)ud;
    if (!limits->warningContinues && message[0] == '@') {
        if (strcmp(message, "@on") == 0) limits->warningsOn = 1;
        else if (strcmp(message, "@off") == 0) limits->warningsOn = 0;
        return;
    }
    if (limits->warningsOn) {
        if (!limits->warningContinues) fputs("Lua warning: ", stderr);
        fputs(message, stderr);
        if (!tocont) fputc('\n', stderr);
    }
    limits->warningContinues = tocont;
}

lua_State *transit_newstate(transit_Limits *limits) {
    lua_State *L = lua_newstate(limited_alloc, limits);
    if (L == NULL) return NULL;
    lua_setwarnf(L, warning_handler, limits);
    *transit_extraspace(L) = NULL;
    transit_restorehook(L);
    return L;
}

static int gc_sentinel(lua_State *L) {
    limits_of(L)->sweepDue = 1;
    transit_installgcsentinel(L);  /* refused while the state closes: no sentinel is left then */
    return 0;
}

void transit_installgcsentinel(lua_State *L) {
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, gc_sentinel);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
}

static int trampoline(lua_State *L) {
    transit_HostFunction f = (transit_HostFunction)lua_touserdata(L, lua_upvalueindex(1));
    transit_Limits *limits = limits_of(L);
    if (limits->budgetTotal) limits->budget -= TRANSIT_HOSTCALL_COST;
    limits->inHost++;
    int n = f(L);
    limits->inHost--;
    return transit_hostreturn(L, limits, n);
}

int transit_hostreturn(lua_State *L, transit_Limits *limits, int n) {
    if (n == TRANSIT_RAISE) return lua_error(L);
    /* Memory the host took for the script (a view, a long name, an image) is checked when
    ** the host function is done: a refusal inside it would unwind through Swift. */
    if (limits->inHost == 0 && limits->limit && limits->used + host_used(limits) > limits->limit) {
        luaL_where(L, 1);
        lua_pushfstring(L, "not enough memory: the script exceeded its memory limit of %d MB, counting what Transit holds for it (views, layers, strings, images, the trace) (--memory raises it)",
                        (int)(limits->limit >> 20));
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n <= TRANSIT_YIELD) return lua_yield(L, TRANSIT_YIELD - n);
    return n;
}

void transit_pushhostfunction(lua_State *L, transit_HostFunction f, int nup) {
    lua_pushlightuserdata(L, (void *)f);
    if (nup > 0) lua_rotate(L, -(nup + 1), 1);
    lua_pushcclosure(L, trampoline, nup + 1);
}

/* "file.lua:12: " for the innermost Lua line on the stack (an error object that is not a
** string carries no position of its own). */
static void push_innermost_line(lua_State *L) {
    lua_Debug record;
    for (int level = 1; lua_getstack(L, level, &record); level++) {
        if (lua_getinfo(L, "Sl", &record) && record.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", record.short_src, record.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* Messages Lua's core raises without a position (it names one only when the running
** function is Lua's, and these come from C): they get the innermost Lua line. */
int transit_lacksposition(const char *message) {
    return strcmp(message, "C stack overflow") == 0 || strcmp(message, "error in error handling") == 0
        || strcmp(message, "stack overflow") == 0;
}

/* ---- tracebacks as frames ----
** A traceback is taken as a table of frames, one per level of the stack, each from lua_getstack
** and lua_getinfo: { source = short_src, line = currentline (absent when none), name = how Lua
** names the function ("function 'error'", "local 'f'", "main chunk", "function <fx.lua:3>",
** "?"), c = whether a C function runs there, tail = whether it was tail-called }, or
** { skipped = n } where a deep stack leaves out its middle (10 levels shown, then the last 11,
** as Lua's own tracebacks do). Its text is written from the frames (transit_pushtracebacktext)
** in the shape of Lua's "stack traceback:", and the table is kept in the registry with the
** string it ended (`text`) and where the traceback starts in it (`start`), so the host reads
** the frames rather than cutting the text. */

#define TRACEBACK_HEAD 10
#define TRACEBACK_TAIL 11

static int stack_depth(lua_State *co) {
    lua_Debug record;
    int depth = 0;
    while (lua_getstack(co, depth, &record)) depth++;
    return depth;
}

/* The name under which package.loaded holds the function on top ("error", "string.rep"):
** a module itself, or a field of one; "_G." is left out. Pushes it and returns 1, or 0. */
static int push_loaded_name(lua_State *L, int function) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE) != LUA_TTABLE) { lua_pop(L, 1); return 0; }
    int loaded = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, loaded)) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            if (lua_rawequal(L, function, -1)) {
                lua_pop(L, 1);
                lua_replace(L, loaded);
                return 1;
            }
            if (lua_type(L, -1) == LUA_TTABLE) {
                int module = lua_gettop(L);
                lua_pushnil(L);
                while (lua_next(L, module)) {
                    if (lua_type(L, -2) == LUA_TSTRING && lua_rawequal(L, function, -1)) {
                        const char *moduleName = lua_tostring(L, module - 1);
                        const char *field = lua_tostring(L, -2);
                        if (strcmp(moduleName, LUA_GNAME) == 0) lua_pushstring(L, field);
                        else lua_pushfstring(L, "%s.%s", moduleName, field);
                        lua_replace(L, loaded);
                        lua_settop(L, loaded);
                        return 1;
                    }
                    lua_pop(L, 1);
                }
            }
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}

/* How the frame's function is named: by a loaded name, by the code that called it, as the
** main chunk, by where it is defined, or "?". Pushes the name. */
static void push_function_name(lua_State *L, lua_State *co, lua_Debug *record) {
    lua_getinfo(co, "f", record);
    if (co != L) lua_xmove(co, L, 1);
    int function = lua_gettop(L);
    if (push_loaded_name(L, function)) {
        lua_pushfstring(L, "function '%s'", lua_tostring(L, -1));
        lua_replace(L, function);
        lua_settop(L, function);
        return;
    }
    lua_pop(L, 1);
    if (*record->namewhat != '\0') lua_pushfstring(L, "%s '%s'", record->namewhat, record->name);
    else if (*record->what == 'm') lua_pushliteral(L, "main chunk");
    else if (*record->what != 'C') lua_pushfstring(L, "function <%s:%d>", record->short_src, record->linedefined);
    else lua_pushliteral(L, "?");
}

void transit_pushframes(lua_State *L, lua_State *co, int level) {
    int depth = stack_depth(co);
    int shown = depth - level;
    /* Lua's rule: more than HEAD + TAIL levels beyond the first. */
    int skipAt = shown - 1 > TRACEBACK_HEAD + TRACEBACK_TAIL ? TRACEBACK_HEAD : -1;
    lua_createtable(L, shown > 0 ? shown : 0, 0);
    int frames = lua_gettop(L);
    lua_Integer count = 0;
    lua_Debug record;
    for (int index = 0; lua_getstack(co, level, &record); index++) {
        lua_createtable(L, 0, 5);
        if (index == skipAt) {
            /* This level and `skipped` more are left out, then the last TAIL are shown (the
            ** count Lua's tracebacks give, which does not count this level). */
            int skipped = depth - level - TRACEBACK_TAIL - 1;
            lua_pushinteger(L, skipped);
            lua_setfield(L, -2, "skipped");
            level += skipped + 1;
        } else {
            lua_getinfo(co, "Slnt", &record);
            lua_pushstring(L, record.short_src);
            lua_setfield(L, -2, "source");
            if (record.currentline > 0) {
                lua_pushinteger(L, record.currentline);
                lua_setfield(L, -2, "line");
            }
            push_function_name(L, co, &record);
            lua_setfield(L, -2, "name");
            lua_pushboolean(L, *record.what == 'C');
            lua_setfield(L, -2, "c");
            lua_pushboolean(L, record.istailcall);
            lua_setfield(L, -2, "tail");
            level++;
        }
        lua_rawseti(L, frames, ++count);
    }
}

void transit_pushtracebacktext(lua_State *L, int frames) {
    frames = lua_absindex(L, frames);
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    luaL_addstring(&buffer, "stack traceback:");
    lua_Integer count = (lua_Integer)lua_rawlen(L, frames);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, frames, i);
        int frame = lua_gettop(L);
        if (lua_getfield(L, frame, "skipped") == LUA_TNUMBER) {
            lua_pushfstring(L, "\n\t...\t(skipping %d levels)", (int)lua_tointeger(L, -1));
        } else {
            lua_getfield(L, frame, "source");
            lua_getfield(L, frame, "name");
            if (lua_getfield(L, frame, "line") == LUA_TNUMBER) {
                lua_pushfstring(L, "\n\t%s:%d: in %s", lua_tostring(L, -3), (int)lua_tointeger(L, -1), lua_tostring(L, -2));
            } else {
                lua_pushfstring(L, "\n\t%s: in %s", lua_tostring(L, -3), lua_tostring(L, -2));
            }
            lua_getfield(L, frame, "tail");
            int tail = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (tail) {
                lua_pushliteral(L, "\n\t(...tail calls...)");
                lua_concat(L, 2);
            }
        }
        /* The buffer's value must be on top for luaL_addvalue: keep it, drop the rest. */
        lua_replace(L, frame);
        lua_settop(L, frame);
        luaL_addvalue(&buffer);
    }
    luaL_pushresult(&buffer);
}

/* `message` (at `messageIndex`), a newline and the traceback of `frames` (at `framesIndex`),
** pushed; the frames are kept under `slot` in the registry with that string and where the
** traceback starts in it. */
static void push_traced(lua_State *L, int messageIndex, int framesIndex, const char *slot) {
    messageIndex = lua_absindex(L, messageIndex);
    framesIndex = lua_absindex(L, framesIndex);
    size_t start = 0;
    lua_tolstring(L, messageIndex, &start);
    lua_pushvalue(L, messageIndex);
    lua_pushliteral(L, "\n");
    transit_pushtracebacktext(L, framesIndex);
    lua_concat(L, 3);
    lua_pushvalue(L, -1);
    lua_setfield(L, framesIndex, "text");
    lua_pushinteger(L, (lua_Integer)start);
    lua_setfield(L, framesIndex, "start");
    lua_pushvalue(L, framesIndex);
    lua_setfield(L, LUA_REGISTRYINDEX, slot);
}

int transit_pushframesof(lua_State *L, const char *text) {
    static const char *const slots[] = { TRANSIT_CAUGHT_FRAMES, TRANSIT_FINALIZER_FRAMES };
    for (int i = 0; i < 2; i++) {
        if (lua_getfield(L, LUA_REGISTRYINDEX, slots[i]) == LUA_TTABLE) {
            lua_getfield(L, -1, "text");
            int same = lua_type(L, -1) == LUA_TSTRING && lua_tostring(L, -1) == text;
            lua_pop(L, 1);
            if (same) return 1;
        }
        lua_pop(L, 1);
    }
    return 0;
}

/* Where the traceback starts in `text`: recorded with its frames when Transit wrote it;
** `length` (none) otherwise. */
static size_t traceback_start(lua_State *L, const char *text, size_t length) {
    if (!transit_pushframesof(L, text)) return length;
    lua_getfield(L, -1, "start");
    size_t start = (size_t)lua_tointeger(L, -1);
    lua_pop(L, 2);
    return start <= length ? start : length;
}

void transit_shapeerror(lua_State *L, lua_State *co, int level, const char *text, size_t length, transit_ErrorShape *shape) {
    (void)L;
    transit_ErrorShape found = { text, length, 0, 0, 0, traceback_start(L, text, length) };
    lua_Debug record;
    for (; level >= 0 && lua_getstack(co, level, &record); level++) {
        if (!lua_getinfo(co, "Sl", &record) || record.currentline <= 0) continue;
        char where[LUA_IDSIZE + 32];
        int written = snprintf(where, sizeof where, "%s:%d: ", record.short_src, record.currentline);
        if (written > 0 && (size_t)written < sizeof where && (size_t)written <= length && memcmp(text, where, (size_t)written) == 0) {
            found.fileLength = strlen(record.short_src);
            found.line = record.currentline;
            found.messageStart = (size_t)written;
            break;
        }
    }
    *shape = found;
}

static int message_handler(lua_State *L) {
    const char *message = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : NULL;
    if (message == NULL) {
        /* A number, a table, nil...: `error(12)` prints "file:line: 12"; an object with a
        ** __tostring prints what it returns, with the line. */
        push_innermost_line(L);
        if (lua_type(L, 1) == LUA_TNUMBER) {
            lua_pushvalue(L, 1);
            lua_tolstring(L, -1, NULL);
        } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
            lua_pushvalue(L, 1);
            if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_type(L, -1) != LUA_TSTRING) {
                lua_pop(L, 1);
                lua_pushfstring(L, "(error object is a %s value whose __tostring failed)", luaL_typename(L, 1));
            }
        } else {
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
        lua_concat(L, 2);
        message = lua_tostring(L, -1);
    } else if (transit_lacksposition(message)) {
        push_innermost_line(L);
        lua_pushvalue(L, 1);
        lua_concat(L, 2);
        message = lua_tostring(L, -1);
    }
    size_t length = 0;
    message = lua_tolstring(L, -1, &length);
    transit_ErrorShape shape;
    transit_shapeerror(L, L, 1, message, length, &shape);
    /* An error that already carries a traceback (raised through nested protected calls, as a
    ** C stack overflow is) keeps the one it has: one traceback, not one per level. */
    if (shape.tracebackStart < length) {
        lua_pushvalue(L, -1);
        limits_of(L)->caught = shape;
        return 1;
    }
    int messageIndex = lua_gettop(L);
    transit_pushframes(L, L, 1);
    push_traced(L, messageIndex, -1, TRANSIT_CAUGHT_FRAMES);
    shape.text = lua_tolstring(L, -1, &shape.length);
    shape.tracebackStart = length;
    limits_of(L)->caught = shape;
    return 1;
}

void transit_resetbudget(lua_State *L) {
    transit_Limits *limits = limits_of(L);
    limits->budget = limits->budgetTotal;
    limits->budgetExceeded = 0;
    transit_restorehook(L);
}

int transit_pcall(lua_State *L, int nargs, int nresults) {
    transit_Limits *limits = limits_of(L);
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, message_handler);
    lua_rotate(L, base, 1);
    int savedHost = limits->inHost;
    if (savedHost == 0) transit_resetbudget(L);
    limits->inHost = 0;
    limits->inScript++;
    int status = lua_pcallk(L, nargs, nresults, base, 0, NULL);
    limits->inScript--;
    limits->inHost = savedHost;
    lua_rotate(L, base, -1);
    lua_pop(L, 1);
    if (status == LUA_OK && limits->finalizerFailed && savedHost == 0) {
        /* A finalizer failed while this entry ran and no Lua code ran after it to raise it. */
        lua_settop(L, base - 1);
        limits->finalizerFailed = 0;
        lua_getfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
        lua_pushnil(L);
        lua_setfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
        status = LUA_ERRRUN;
        /* The handler did not see this error: its text names the finalizer's line itself, and
        ** none of the frames now running raised it. */
        size_t length = 0;
        const char *text = lua_tolstring(L, -1, &length);
        transit_shapeerror(L, L, -1, text, length, &limits->caught);
    }
    if (status != LUA_OK && status != LUA_ERRRUN) {
        /* The handler did not run (a memory error, an error in the handler): no shape. */
        limits->caught.text = NULL;
    }
    if (status == LUA_ERRMEM) {
        /* Lua does not run the handler for memory errors; collect so the state is usable. */
        lua_gc(L, LUA_GCCOLLECT);
    }
    return status;
}

int transit_resume(lua_State *co, lua_State *from, int nargs, int *nresults) {
    transit_Limits *limits = limits_of(co);
    int savedHost = limits->inHost;
    limits->inHost = 0;
    limits->inScript++;
    int status = lua_resume(co, from, nargs, nresults);
    limits->inScript--;
    limits->inHost = savedHost;
    return status;
}

static int gettable_unprotected(lua_State *L) {
    lua_gettable(L, 1);
    return 1;
}

int transit_pgetfield(lua_State *L, int index, const char *key) {
    index = lua_absindex(L, index);
    lua_pushcfunction(L, gettable_unprotected);
    lua_pushvalue(L, index);
    lua_pushstring(L, key);
    transit_Limits *limits = limits_of(L);
    limits->caught.text = NULL;   /* no message handler: an error here has no recorded shape */
    int savedHost = limits->inHost;
    limits->inHost = 0;
    limits->inScript++;
    int status = lua_pcallk(L, 2, 1, 0, 0, NULL);
    limits->inScript--;
    limits->inHost = savedHost;
    return status;
}

static int tolstring_unprotected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int transit_ptolstring(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_pushcfunction(L, tolstring_unprotected);
    lua_pushvalue(L, index);
    transit_Limits *limits = limits_of(L);
    limits->caught.text = NULL;   /* no message handler: an error here has no recorded shape */
    int savedHost = limits->inHost;
    limits->inHost = 0;
    limits->inScript++;
    int status = lua_pcallk(L, 1, 1, 0, 0, NULL);
    limits->inScript--;
    limits->inHost = savedHost;
    return status;
}

int transit_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    return luaL_loadbufferx(L, buffer, size, chunkname, "t");
}

/* The reader of transit_loadtextat: `lines` newlines from one static block, then the text. */
typedef struct PaddedText {
    size_t lines;
    const char *text;
    size_t size;
} PaddedText;

static const char *read_padded(lua_State *L, void *data, size_t *size) {
    (void)L;
    static char newlines[4096];
    if (newlines[0] != '\n') memset(newlines, '\n', sizeof newlines);
    PaddedText *padded = (PaddedText *)data;
    if (padded->lines > 0) {
        size_t count = padded->lines < sizeof newlines ? padded->lines : sizeof newlines;
        padded->lines -= count;
        *size = count;
        return newlines;
    }
    if (padded->text != NULL) {
        const char *text = padded->text;
        *size = padded->size;
        padded->text = NULL;
        return text;
    }
    *size = 0;
    return NULL;
}

int transit_loadtextat(lua_State *L, size_t firstline, const char *buffer, size_t size, const char *chunkname) {
    PaddedText padded = { firstline > 1 ? firstline - 1 : 0, buffer, size };
    return lua_load(L, read_padded, &padded, chunkname, "t");
}

/* The sandbox: safe libraries, os limited to clock/time/date, debug limited to traceback. */
static int openlibs_unprotected(lua_State *L) {
    int unsafe = lua_toboolean(L, 1);
    if (unsafe) {
        luaL_openlibs(L);
        transit_opensandbox(L, 1);
        return 0;
    }
    static const luaL_Reg safe[] = {
        {LUA_GNAME, luaopen_base}, {LUA_COLIBNAME, luaopen_coroutine},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},
        {NULL, NULL}};
    for (const luaL_Reg *lib = safe; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    lua_pushnil(L); lua_setglobal(L, "dofile");
    lua_pushnil(L); lua_setglobal(L, "loadfile");

    luaL_requiref(L, "os.full", luaopen_os, 0);
    lua_createtable(L, 0, 3);
    const char *os_allowed[] = {"clock", "time", "date", NULL};
    for (const char **name = os_allowed; *name; name++) {
        lua_getfield(L, -2, *name);
        lua_setfield(L, -2, *name);
    }
    lua_setglobal(L, "os");
    lua_pop(L, 1);

    luaL_requiref(L, "debug.full", luaopen_debug, 0);
    lua_createtable(L, 0, 1);
    lua_getfield(L, -2, "traceback");
    lua_setfield(L, -2, "traceback");
    lua_setglobal(L, "debug");
    lua_pop(L, 1);
    /* requiref registered the full libraries in package.loaded-less LOADED; drop them. */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushnil(L); lua_setfield(L, -2, "os.full");
    lua_pushnil(L); lua_setfield(L, -2, "debug.full");
    lua_pop(L, 1);
    transit_opensandbox(L, 0);
    return 0;
}

int transit_openlibs(lua_State *L, int unsafe) {
    lua_pushcfunction(L, openlibs_unprotected);
    lua_pushboolean(L, unsafe);
    return lua_pcallk(L, 1, 0, 0, 0, NULL);
}

void transit_interrupt(lua_State *L) {
    transit_Limits *limits = limits_of(L);
    limits->interrupted = 1;
    lua_sethook(L, transit_budgethook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

void transit_traceback(lua_State *L, lua_State *co, const char *message, int level) {
    /* Called from Swift, unprotected, often right after a memory error whose data the dead
    ** coroutine still holds: a refused allocation here would be a Lua panic (abort). Let it
    ** through, as the allocator does for host functions; the traceback is small. */
    transit_Limits *limits = limits_of(L);
    limits->inHost++;
    transit_pushframes(L, co, level);
    if (message != NULL) {
        lua_pushstring(L, message);
        push_traced(L, -1, -2, TRANSIT_CAUGHT_FRAMES);
        lua_remove(L, -2);
        lua_remove(L, -2);
    }
    limits->inHost--;
}

void transit_clearinterrupt(lua_State *L) {
    transit_Limits *limits = limits_of(L);
    limits->interrupted = 0;
    transit_restorehook(L);
}

/* The REPL's Ctrl-C, as lua.c's laction/lstop: the handler only sets flags and calls
** transit_interrupt (lua_sethook and a store: both async-signal-safe). */
static lua_State *volatile interrupt_state = NULL;
static volatile sig_atomic_t interrupts_accepted = 0;
static volatile sig_atomic_t interrupts_received = 0;

static volatile sig_atomic_t deadline_status = 130;

static void on_deadline(int signal_number) {
    (void)signal_number;
    static const char message[] = "\ntransit: stopped: the work in progress did not end within 1 s of the signal\n";
    ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    _exit(deadline_status);
}

void transit_armstopdeadline(int status) {
    deadline_status = status;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_deadline;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
    alarm(1);
}

void transit_disarmstopdeadline(void) { alarm(0); }

static void on_interrupt(int signal_number) {
    (void)signal_number;
    interrupts_received++;
    if (interrupts_accepted && interrupt_state != NULL) {
        /* The hook stops Lua code at once; host work (a long render) that outlasts a second
        ** ends the process, so Ctrl-C always stops within a second. */
        transit_interrupt(interrupt_state);
        transit_armstopdeadline(130);
    }
}

void transit_catchinterrupts(lua_State *L) {
    interrupt_state = L;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  /* no SA_RESTART: a blocking read at the prompt returns */
    sigaction(SIGINT, &action, NULL);
}

void transit_acceptinterrupts(int accept) { interrupts_accepted = accept; }

int transit_takeinterrupts(void) {
    int count = interrupts_received;
    interrupts_received = 0;
    return count;
}

/* ---- benchmark baseline: see transit_bench_tween in CLua.h ---- */

static double bench_ease_in_out(double x) {
    /* Coefficients of x(t) and y(t) for (0,0) (0.42,0) (0.58,1) (1,1), as TimingFunction computes them. */
    const double cx = 3 * 0.42, bx = 3 * (0.58 - 0.42) - cx, ax = 1 - cx - bx;
    const double cy = 0, by = 3 * (1 - 0) - cy, ay = 1 - cy - by;
    if (!(x > 0)) return 0;
    if (x >= 1) return 1;
    double t = x;
    int solved = 0;
    for (int i = 0; i < 8; i++) {
        double slope = (3 * ax * t + 2 * bx) * t + cx;
        if (fabs(slope) < 1e-6) break;
        double step = (((ax * t + bx) * t + cx) * t - x) / slope;
        t -= step;
        if (fabs(step) < 1e-7) { solved = t >= 0 && t <= 1; break; }
    }
    if (!solved) {
        double lower = 0, upper = 1;
        t = 0.5;
        for (int i = 0; i < 64; i++) {
            if (((ax * t + bx) * t + cx) * t < x) lower = t; else upper = t;
            t = (lower + upper) * 0.5;
            if (upper - lower < 1e-10) break;
        }
    }
    return ((ay * t + by) * t + cy) * t;
}

void transit_bench_tween(int count, double time, const double *objects, double *out) {
    for (int i = 0; i < count; i++) {
        const double *o = objects + (size_t)i * TRANSIT_BENCH_TWEEN_IN;
        double *r = out + (size_t)i * TRANSIT_BENCH_TWEEN_OUT;
        double p = bench_ease_in_out(time / o[0]);
        for (int k = 0; k < 4; k++) r[k] = o[1 + k] + (o[5 + k] - o[1 + k]) * p;
        r[4] = o[9] + (o[10] - o[9]) * p;
        double scale = 1 + (o[11] - 1) * p, angle = o[12] * p;
        double c = cos(angle) * scale, s = sin(angle) * scale;
        r[5] = c; r[6] = s; r[7] = -s; r[8] = c;
    }
}
