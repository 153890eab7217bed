/*
** The sandbox's changes to Lua's own library functions (docs/sandbox.md), each closing a way a
** script could crash or hang the host:
** - coroutine.close / resume refuse the threads the host runs (its main thread, the scene's
**   coroutine): a callback can get them from coroutine.running(), and a closed host thread
**   crashes the host when it next uses it;
** - coroutine.yield where no yield is possible says where it was called;
** - setmetatable runs a table's __gc finalizer through a proxy, so the finalizer runs in a
**   coroutine of its own with the budget's hook (Lua runs finalizers with hooks off, so a loop
**   in one could not be stopped), and its failure ends the run; the proxy's own __gc only
**   queues the table, and the host runs the queue at the end of each run-loop turn after a full
**   collection (transit_runfinalizers): when the incremental collector happens to free a table
**   depends on memory addresses, which differ from run to run, and a finalizer run at that
**   moment made two renders of one scene differ;
** - with --unsafe, debug.setupvalue and debug.setlocal refuse C functions and C frames: a host
**   function's upvalue is the address of its Swift body, and a script could replace it.
*/
#include "internal.h"
#include <stdlib.h>
#include <string.h>

#define HOST_THREADS_KEY "transit.hostThreads"
#define FINALIZERS_KEY "transit.finalizers"
#define FINALIZER_PROXY_KEY "transit.finalizerProxy"
#define FINALIZER_QUEUE_KEY "transit.finalizerQueue"

/* ---- host threads ---- */

/* Pushes the registry table at `key` with weak keys, creating it if needed. */
static void push_weak_table(lua_State *L, const char *key) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
}

void transit_markhostthread(lua_State *L, lua_State *thread) {
    push_weak_table(L, HOST_THREADS_KEY);
    lua_pushthread(thread);
    lua_xmove(thread, L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

static int is_host_thread(lua_State *L, int index) {
    lua_State *thread = lua_tothread(L, index);
    if (thread == NULL) return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    int main = lua_tothread(L, -1) == thread;
    lua_pop(L, 1);
    if (main) return 1;
    push_weak_table(L, HOST_THREADS_KEY);
    lua_pushvalue(L, index);
    int marked = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return marked;
}

/* Calls the original library function (upvalue 1) with the arguments on the stack and returns
** its results. Its errors get the caller's line: raised from inside this wrapper, Lua's own
** luaL_error would name the wrapper (a C function: no line) instead of the script. */
static int call_original(lua_State *L) {
    int count = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (lua_pcall(L, count, LUA_MULTRET, 0) != LUA_OK) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return lua_gettop(L);
}

/* coroutine.close and coroutine.resume: the original (upvalue 1) unless argument 1 is a host
** thread. */
static int guarded_coroutine_call(lua_State *L) {
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    luaL_checktype(L, 1, LUA_TTHREAD);
    if (is_host_thread(L, 1)) {
        return luaL_error(L, "coroutine.%s: argument 1 is a thread Transit runs (its main thread or the scene's coroutine, which coroutine.running() returns in a callback); a script may %s only coroutines it created", name, name);
    }
    return call_original(L);
}

static int guarded_yield(lua_State *L) {
    if (!lua_isyieldable(L)) {
        return luaL_error(L, "coroutine.yield: cannot yield here: the code is not running in a coroutine it can suspend (a callback from Transit runs outside the scene's coroutine, and pcall, metamethods and host calls cannot be suspended across)");
    }
    return lua_yield(L, lua_gettop(L));
}

static void guard_coroutine_function(lua_State *L, const char *name) {
    lua_getfield(L, -1, name);
    lua_pushstring(L, name);
    lua_pushcclosure(L, guarded_coroutine_call, 2);
    lua_setfield(L, -2, name);
}

/* ---- string.rep ---- */

/* string.rep as Lua's (upvalue 1), except that an empty result is returned at once: Lua's loop
** copies an empty string n times, so ("").rep("", math.maxinteger) ran for centuries in C. A
** non-empty result is bounded by the memory limit. */
static int guarded_rep(lua_State *L) {
    size_t length = 0, separator = 0;
    luaL_checklstring(L, 1, &length);
    lua_Integer count = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator);
    if (count <= 0 || (length == 0 && (separator == 0 || count == 1))) {
        lua_pushliteral(L, "");
        return 1;
    }
    /* The copy's work is what a loop writing the result would be: charged to the budget. */
    double work = ((double)length + (double)separator) * (double)count / 64;
    transit_chargebudget(L, work < 1e18 ? (long long)work : (long long)1e18);
    return call_original(L);
}

/* ---- pcall, xpcall ---- */

/* As Lua's finishpcall, except that a memory error (which Lua raises without a position or a
** handler) says where: the line of the pcall that caught it, and the limit. */
static int finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        if (status == LUA_ERRMEM) {
            transit_Limits *limits = transit_limitsof(L);
            limits->limitReached = 0;
            luaL_where(L, 1);
            lua_pushfstring(L, "not enough memory: the function this pcall ran exceeded the script's memory limit of %d MB", (int)(limits->limit >> 20));
            lua_concat(L, 2);
        } else {
            lua_pushvalue(L, -1);
        }
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int guarded_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
    return finish_pcall(L, status, 0);
}

static int guarded_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, status, 2);
}

/* ---- finalizers ---- */

/* The proxy's __gc: queues its table (proxy[1]) under its number (proxy[2]) for the end of
** the turn, keeping it alive until then. */
static int queue_finalizer(lua_State *L) {
    transit_Limits *limits = transit_limitsof(L);
    if (limits->finalizersAlive > 0) limits->finalizersAlive--;
    if (lua_getfield(L, LUA_REGISTRYINDEX, FINALIZER_QUEUE_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, FINALIZER_QUEUE_KEY);
    }
    lua_rawgeti(L, 1, 2);                                   /* its number */
    lua_rawgeti(L, 1, 1);                                   /* the table */
    lua_rawset(L, -3);
    return 0;
}

/* Calls the table at the top's current __gc (as Lua would: the one in its metatable now) in
** a coroutine with the budget's hook and a budget of its own; pops the table. */
static int run_finalizer(lua_State *L) {
    transit_Limits *limits = transit_limitsof(L);
    lua_settop(L, 2);                                       /* 2: the table (1: unused) */
    if (!lua_getmetatable(L, 2)) return 0;                  /* 3: its metatable */
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 3) == LUA_TNIL) return 0;             /* 4: its finalizer */
    lua_State *co = lua_newthread(L);                       /* 5 */
    lua_pushvalue(L, 4);
    lua_pushvalue(L, 2);
    lua_xmove(L, co, 2);
    long long savedBudget = limits->budget;
    int savedExceeded = limits->budgetExceeded, savedHost = limits->inHost;
    limits->budget = limits->budgetTotal;
    limits->budgetExceeded = 0;
    limits->inHost = 0;
    limits->inScript++;
    transit_restorehook(co);
    int results = 0;
    int status = lua_resume(co, L, 1, &results);
    limits->inScript--;
    limits->inHost = savedHost;
    limits->budget = savedBudget;
    limits->budgetExceeded = savedExceeded;
    if (status == LUA_OK || limits->finalizerFailed) return 0;  /* the first failure is the one told */
    if (status == LUA_YIELD) {
        lua_pushliteral(L, "a __gc finalizer cannot yield");
    } else {
        lua_xmove(co, L, 1);
        if (lua_type(L, -1) == LUA_TNUMBER) {
            lua_tolstring(L, -1, NULL);   /* error(12) in a finalizer: "12" */
        } else if (lua_type(L, -1) != LUA_TSTRING) {
            const char *type = luaL_typename(L, -1);
            lua_pop(L, 1);
            lua_pushfstring(L, "(error object is a %s value)", type);
        }
    }
    /* "fx.lua:3: the __gc finalizer defined here failed (...): <message>" and its traceback. */
    transit_pushframes(L, co, 0);
    int frames = lua_gettop(L);
    lua_pushvalue(L, frames - 1);
    lua_pushliteral(L, "\n");
    transit_pushtracebacktext(L, frames);
    lua_concat(L, 3);
    lua_Debug record;
    lua_pushvalue(L, 4);
    if (lua_getinfo(L, ">S", &record) && record.linedefined > 0) {
        lua_pushfstring(L, "%s:%d: the __gc finalizer defined here failed (it runs at the end of the turn in which the collector freed its object): ", record.short_src, record.linedefined);
    } else {
        lua_pushliteral(L, "a __gc finalizer failed (it runs at the end of the turn in which the collector freed its object): ");
    }
    lua_insert(L, -2);
    size_t prefix = 0;
    lua_tolstring(L, -2, &prefix);
    lua_concat(L, 2);
    /* The frames are kept with the whole text and where their traceback starts in it (after
    ** the prefix and the message), so the host reads them, not the text. */
    size_t message = 0;
    lua_tolstring(L, frames - 1, &message);
    lua_pushvalue(L, -1);
    lua_setfield(L, frames, "text");
    lua_pushinteger(L, (lua_Integer)(prefix + message));
    lua_setfield(L, frames, "start");
    lua_pushvalue(L, frames);
    lua_setfield(L, LUA_REGISTRYINDEX, TRANSIT_FINALIZER_FRAMES);
    lua_setfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
    limits->finalizerFailed = 1;
    return 0;
}

static void push_finalizer_proxy_metatable(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, FINALIZER_PROXY_KEY) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, queue_finalizer);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "finalizer");
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, FINALIZER_PROXY_KEY);
}

/* setmetatable as Lua's, except that a metatable with __gc does not mark the table for
** finalization itself: a proxy, alive exactly as long as the table (a weak-keyed table maps
** one to the other), is marked instead and runs the finalizer under the budget. */
static int guarded_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    int finalized = 0;
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        finalized = lua_rawget(L, 2) != LUA_TNIL;            /* 3: the finalizer */
    }
    if (!finalized) {
        lua_settop(L, 2);
        lua_setmetatable(L, 1);
        return 1;
    }
    /* Hide __gc while the metatable is set (Lua marks at this moment only), then put it back. */
    lua_pushliteral(L, "__gc"); lua_pushnil(L); lua_rawset(L, 2);
    lua_pushvalue(L, 2);
    lua_setmetatable(L, 1);
    lua_pushliteral(L, "__gc"); lua_pushvalue(L, 3); lua_rawset(L, 2);
    push_weak_table(L, FINALIZERS_KEY);                      /* 4 */
    lua_pushvalue(L, 1);
    if (lua_rawget(L, 4) == LUA_TNIL) {
        lua_pop(L, 1);
        transit_Limits *limits = transit_limitsof(L);
        lua_pushvalue(L, 1);
        lua_createtable(L, 2, 0);
        lua_pushvalue(L, 1);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, (lua_Integer)++limits->finalizerSequence);
        lua_rawseti(L, -2, 2);
        limits->finalizersAlive++;
        push_finalizer_proxy_metatable(L);
        lua_setmetatable(L, -2);
        lua_rawset(L, 4);
    }
    lua_settop(L, 1);
    return 1;
}

/* ---- --unsafe: debug ---- */

static int guarded_setupvalue(lua_State *L) {
    if (lua_iscfunction(L, 1)) {
        return luaL_error(L, "debug.setupvalue: argument 1 is a C function (a host function's upvalues hold the host's own pointers); only Lua functions' upvalues can be set");
    }
    return call_original(L);
}

static int guarded_setlocal(lua_State *L) {
    /* debug.setlocal([thread,] level, local, value): a level whose function is C is refused. */
    int base = lua_type(L, 1) == LUA_TTHREAD ? 2 : 1;
    lua_State *target = base == 2 ? lua_tothread(L, 1) : L;
    if (lua_isinteger(L, base)) {
        lua_Debug record;
        int level = (int)lua_tointeger(L, base);
        if (lua_getstack(target, level + (target == L ? 1 : 0), &record) && lua_getinfo(target, "S", &record) && strcmp(record.what, "C") == 0) {
            return luaL_error(L, "debug.setlocal: level %d is a C function (a host call's arguments are the host's); only Lua functions' locals can be set", level);
        }
        /* The original runs one frame deeper (under this wrapper): the same level is one more. */
        if (target == L) {
            lua_pushinteger(L, (lua_Integer)level + 1);
            lua_replace(L, base);
        }
    }
    return call_original(L);
}

static void guard_debug_function(lua_State *L, const char *name, lua_CFunction guard) {
    if (lua_getfield(L, -1, name) != LUA_TFUNCTION) { lua_pop(L, 1); return; }
    lua_pushcclosure(L, guard, 1);
    lua_setfield(L, -2, name);
}

void transit_opensandbox(lua_State *L, int unsafe) {
    if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
        guard_coroutine_function(L, "close");
        guard_coroutine_function(L, "resume");
        lua_pushcfunction(L, guarded_yield);
        lua_setfield(L, -2, "yield");
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, guarded_setmetatable);
    lua_setglobal(L, "setmetatable");
    lua_pushcfunction(L, guarded_pcall);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, guarded_xpcall);
    lua_setglobal(L, "xpcall");
    if (lua_getglobal(L, "string") == LUA_TTABLE) {
        lua_getfield(L, -1, "rep");
        lua_pushcclosure(L, guarded_rep, 1);
        lua_setfield(L, -2, "rep");
    }
    lua_pop(L, 1);
    transit_openpatterns(L);
    if (unsafe && lua_getglobal(L, "debug") == LUA_TTABLE) {
        guard_debug_function(L, "setupvalue", guarded_setupvalue);
        guard_debug_function(L, "setlocal", guarded_setlocal);
        lua_pop(L, 1);
    } else if (unsafe) {
        lua_pop(L, 1);
    }
}

static int compare_numbers(const void *a, const void *b) {
    lua_Integer x = *(const lua_Integer *)a, y = *(const lua_Integer *)b;
    return x < y ? -1 : x > y;
}

int transit_runfinalizers(lua_State *L) {
    transit_Limits *limits = transit_limitsof(L);
    if (limits->finalizersAlive > 0) lua_gc(L, LUA_GCCOLLECT);
    int top = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, FINALIZER_QUEUE_KEY) != LUA_TTABLE) { lua_settop(L, top); return 0; }
    int queue = lua_gettop(L);
    /* Taken out first: a finalizer that drops more tables queues them for the next turn. */
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, FINALIZER_QUEUE_KEY);
    size_t count = 0;
    lua_pushnil(L);
    while (lua_next(L, queue) != 0) { count++; lua_pop(L, 1); }
    if (count == 0) { lua_settop(L, top); return 0; }
    lua_Integer *numbers = (lua_Integer *)lua_newuserdatauv(L, count * sizeof(lua_Integer), 0);
    size_t filled = 0;
    lua_pushnil(L);
    while (lua_next(L, queue) != 0) {
        if (filled < count) numbers[filled++] = lua_tointeger(L, -2);
        lua_pop(L, 1);
    }
    qsort(numbers, filled, sizeof(lua_Integer), compare_numbers);
    for (size_t i = 0; i < filled; i++) {
        lua_pushcfunction(L, run_finalizer);
        lua_pushnil(L);
        lua_rawgeti(L, queue, numbers[i]);
        /* A finalizer's own failure is kept, not raised. But the hook of this thread may raise
        ** the kept failure as run_finalizer returns (it does so in the code that runs next, and
        ** Ctrl-C installs it on every call and return): then it is put back, to be taken. */
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            if (!limits->finalizerFailed) {
                lua_setfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
                limits->finalizerFailed = 1;
            } else {
                lua_pop(L, 1);
            }
        }
    }
    lua_settop(L, top);
    return (int)filled;
}

int transit_takefinalizerfailure(lua_State *L) {
    transit_Limits *limits = transit_limitsof(L);
    if (!limits->finalizerFailed) return 0;
    limits->finalizerFailed = 0;
    lua_getfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "transit.finalizerError");
    return 1;
}
