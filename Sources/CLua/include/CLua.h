/*
** CLua: what Swift needs from the system Lua 5.4 and cannot see by itself.
**
** Swift on Linux cannot import Lua's function-like macros, LUA_REGISTRYINDEX or variadic
** functions, and a Lua error must never longjmp across Swift frames (defer and deinit would be
** skipped). So: macros become static inline functions, host functions written in Swift return
** TRANSIT_RAISE instead of calling lua_error and the C trampoline raises for them, every call
** from Swift into Lua goes through transit_pcall, and the allocator never fails while a Swift
** host function is running (it fails on the next allocation back in Lua instead).
*/
#ifndef TRANSIT_CLUA_H
#define TRANSIT_CLUA_H

#include <stddef.h>
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

/* Returned by a host function to ask the trampoline to raise the value on top of the stack. */
#define TRANSIT_RAISE (-1)

/* Returned as TRANSIT_YIELD - n to yield the top n values from a scene coroutine (a yield
** from a C function longjmps, so it must happen here, not in Swift). */
#define TRANSIT_YIELD (-2)

typedef int (*transit_HostFunction)(lua_State *L);

/* ---- macros as functions ---- */
static inline int transit_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int transit_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void transit_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void transit_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline const char *transit_tostring(lua_State *L, int i, size_t *len) { return lua_tolstring(L, i, len); }
static inline int transit_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline void transit_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void transit_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_pop(L, 1); }
static inline void transit_replace(lua_State *L, int i) { lua_copy(L, -1, i); lua_pop(L, 1); }
static inline void **transit_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }
static inline void transit_collectgarbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
static inline int transit_pushglobaltable(lua_State *L) { return lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }

/* ---- state, allocator, budget ---- */

/* Where the parts of an error's text are: "file:line: " (when it names a line), the message
** and Lua's "\nstack traceback:". Found where the error is caught, from the lua_Debug of the
** frames that raised it (the host records its own raises in Swift), so no code reads a
** location back out of the text; `text` is the string described, recognised by identity. */
typedef struct transit_ErrorShape {
    const char *text;       /* NULL: nothing recorded */
    size_t length;
    size_t fileLength;      /* bytes of "file" at the start; 0 when it names no line */
    int line;
    size_t messageStart;    /* after "file:line: " (0 without a location) */
    size_t tracebackStart;  /* where "\nstack traceback:" starts; `length` when it has none */
} transit_ErrorShape;

/* Accounting for the limiting allocator; one per lua_State, owned by the host. */
typedef struct transit_Limits {
    size_t used;            /* bytes currently allocated */
    size_t limit;           /* 0 = unlimited */
    int inHost;             /* > 0 while a Swift host function runs: never fail then */
    int limitReached;       /* set when an allocation was refused */
    long long budget;       /* instructions left for the current entry from the host, in hook units */
    long long budgetTotal;  /* instructions allowed per entry (0 = unlimited) */
    int budgetExceeded;
    volatile int interrupted;
    int inScript;           /* > 0 while Lua code runs (protected calls, resumed coroutines):
                               only then may an allocation be refused; Swift pushing values
                               outside any protected call must never see a refusal (a panic) */
    int warningsOn;         /* warn("@on") / warn("@off"): off at start, as in lua.c */
    int warningContinues;   /* the last warning piece asked for more (tocont) */
    int sweepDue;           /* a garbage-collection cycle ended since the host last looked at
                               its object graph (transit_installgcsentinel) */
    const size_t *hostUsed; /* bytes the host holds for the script (views, strings, images,
                               trace): counted against `limit` with `used`; NULL = none */
    int finalizerFailed;    /* a __gc finalizer raised (or ran out of budget); its message is
                               in the registry at "transit.finalizerError" until raised */
    long long finalizersAlive;    /* tables with a script __gc not yet collected */
    long long finalizerSequence;  /* numbers them in the order setmetatable marked them */
    transit_ErrorShape caught;    /* the error transit_pcall's message handler last produced */
} transit_Limits;

/* Host work charged to the budget, in instruction equivalents: each host call costs
** TRANSIT_HOSTCALL_COST; host functions whose work grows with their input charge more with
** transit_charge. The charge is checked by the next budget hook, in Lua. */
#define TRANSIT_HOSTCALL_COST 50
static inline void transit_charge(lua_State *L, long long instructions) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    transit_Limits *limits = (transit_Limits *)ud;
    if (limits->budgetTotal) limits->budget -= instructions;
}

/* Charges `instructions` and raises at once if the budget is spent or an interrupt is armed.
** C code only (it may longjmp): the pattern matcher's steps. */
void transit_chargebudget(lua_State *L, long long instructions);

/* Marks `thread` as one the host resumes (the scene's coroutine): scripts may not close or
** resume it (a closed host thread would crash the host on its next resume). */
void transit_markhostthread(lua_State *L, lua_State *thread);

/* True for the messages Lua's core raises without a position ("C stack overflow", ...). */
int transit_lacksposition(const char *message);

/* Pushes the message of a __gc finalizer that failed and clears it; returns 0 (pushing
** nothing) if none failed. */
int transit_takefinalizerfailure(lua_State *L);

/* The end of a run-loop turn: while tables with a script __gc exist, a full collection, then
** the finalizers of the tables collected since the last call, in the order they were marked
** (setmetatable's), each under the budget. A failure is kept for transit_takefinalizerfailure.
** Finalizers run only here, so what they do happens at the same instant in every run whatever
** the collector's incremental steps did. Returns how many ran. */
int transit_runfinalizers(lua_State *L);

/* True if memory held by Lua and by the host for it is past the limit. */
int transit_overmemorylimit(lua_State *L);

/* Leaves a finalizable table behind that sets limits->sweepDue when a collection cycle frees it
** and leaves another: one signal per cycle, so the host's graph sweep runs as often as Lua's GC. */
void transit_installgcsentinel(lua_State *L);

/* Tells the collector about `kb` kilobytes the host allocated for Lua's objects (memory Lua
** cannot see), as an allocation of that size would: a step of collection when the debt is due. */
static inline void transit_gcdebt(lua_State *L, int kb) { lua_gc(L, LUA_GCSTEP, kb); }
static inline int transit_gcisrunning(lua_State *L) { return lua_gc(L, LUA_GCISRUNNING); }
static inline void transit_gcstop(lua_State *L) { lua_gc(L, LUA_GCSTOP); }
static inline void transit_gcrestart(lua_State *L) { lua_gc(L, LUA_GCRESTART); }

/* lua_resume, with the memory cap armed for the coroutine's code (see inScript). */
int transit_resume(lua_State *co, lua_State *from, int nargs, int *nresults);

/* A new state using the limiting allocator, with the traceback/warning handlers installed. */
lua_State *transit_newstate(transit_Limits *limits);

/* Pushes `f` as a Lua function; `nup` values on the stack become upvalues 2...nup+1. */
void transit_pushhostfunction(lua_State *L, transit_HostFunction f, int nup);

/* ---- property writes: `object.key = value` on a host object (assignment.c) ----
** Every bound object class's __newindex is transit_pushassign's C function. For a setter whose
** value is a number, a boolean or a value table of numbers (CGRect, UIColor, ...), it checks the
** receiver and reads the value in C, and Swift gets the numbers; anything else (a check that
** fails and needs its message, a read-only or unknown key, a receiver to root, another kind of
** value) goes to the Swift host function, as it always did. Both pay the same budget charge and
** raise their errors only after Swift has returned. */

/* The bytes of a host object's userdata: defined here so that C and Swift read one layout
** (ObjectIdentity.swift says what each field is for). */
typedef struct transit_ObjectBox {
    void *object;           /* the retained Swift object; NULL once __gc released it */
    long boundClass;        /* index of its bound class */
    unsigned long marker;   /* TRANSIT_OBJECT_MARKER */
    unsigned int flags;     /* TRANSIT_OBJECT_... */
} transit_ObjectBox;
#define TRANSIT_OBJECT_MARKER 0x5452414E53495421UL  /* "TRANSIT!" */
#define TRANSIT_OBJECT_HASTABLE 1u       /* user value 1 is the object's own table */
#define TRANSIT_OBJECT_ROOTED 2u         /* in the roots table */
#define TRANSIT_OBJECT_KEEPSCHILDREN 4u  /* user value 2 keeps children's userdata */
#define TRANSIT_OBJECT_KEPTBYHOLDER 8u   /* kept by a holder's userdata at the last sweep */
#define TRANSIT_OBJECT_DEINITQUEUED 16u  /* its Lua class's deinit was queued */

/* What the C path reads for a setter: nothing (TRANSIT_VALUE_OTHER: Swift reads it), any
** number, a finite number, an integral number below 1e15 in magnitude, a boolean, or
** `fieldCount` finite numbers from a table with no metatable or with `valueMetatable`. */
enum {
    TRANSIT_VALUE_OTHER = 0, TRANSIT_VALUE_NUMBER, TRANSIT_VALUE_FINITE, TRANSIT_VALUE_INTEGER,
    TRANSIT_VALUE_BOOLEAN, TRANSIT_VALUE_FIELDS
};
#define TRANSIT_MAXFIELDS 16

/* Sets the property of `entry` on `object` from `values` (read as the setter's kind says, the
** receiver unchecked): 0, or TRANSIT_RAISE with the error on the stack. */
typedef int (*transit_CheckedSetter)(lua_State *L, void *entry, void *object, const double *values);

/* A property's setter as its class's setter table holds it (a light userdata), with what the
** C path needs from the state, so that it asks Lua for nothing it can know beforehand. */
typedef struct transit_Setter {
    int kind;                    /* TRANSIT_VALUE_... */
    int fieldCount;              /* FIELDS: how many numbers */
    int firstField;              /* FIELDS: the upvalue holding the first field's name */
    const void *valueMetatable;  /* FIELDS: the value class's metatable (lua_topointer) */
    transit_CheckedSetter set;   /* called with the value read */
    void *entry;                 /* the Swift PropertyEntry, borrowed */
    transit_Limits *limits;      /* the state's (lua_getallocf's) */
} transit_Setter;

/* Pushes the __newindex of a bound class. Takes from the stack the setter table (key -> a
** transit_Setter light userdata, or false for a read-only property) and above it `names`
** strings: the field names of the value types its setters take, each type's in order (they
** become upvalues 3 and on; a setter's firstField says where its type's start). `general`
** handles every write the C path does not (its upvalue 2 is the setter table). */
void transit_pushassign(lua_State *L, transit_HostFunction general, int names);

/* lua_pcall with a traceback message handler, budget reset at the outermost entry, and the
** allocator armed while Lua runs. Returns the status; the error (with traceback) is on top. */
int transit_pcall(lua_State *L, int nargs, int nresults);

/* t[k] with metamethods, protected: pushes the value (status LUA_OK) or the error message. */
int transit_pgetfield(lua_State *L, int index, const char *key);

/* luaL_tolstring, protected (runs __tostring / __name): pushes the string or an error. */
int transit_ptolstring(lua_State *L, int index);

/* Loads a text chunk (never binary). Pushes the function or the message. */
int transit_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname);

/* Loads a text chunk whose first line is line `firstline` (the REPL's chunks keep the numbers
** of the session's lines): Lua counts lines itself, so the lines before come as newlines, read
** from one static block rather than built into a string for every chunk. */
int transit_loadtextat(lua_State *L, size_t firstline, const char *buffer, size_t size, const char *chunkname);

/* Opens the sandboxed standard library (or all of it when `unsafe`), protected. */
int transit_openlibs(lua_State *L, int unsafe);

/* Gives the next entry from the host a fresh instruction budget (done by transit_pcall when
** the host is not inside a host function; scene coroutine resumes call it themselves). */
void transit_resetbudget(lua_State *L);

/* Arms an interrupt: the next Lua instruction raises "interrupted!". Signal-safe. */
void transit_interrupt(lua_State *L);

/* Clears an interrupt that arrived after the code it was meant for had finished, and puts
** the budget hook back (the interrupt hook runs on every instruction). */
void transit_clearinterrupt(lua_State *L);

/* The REPL's Ctrl-C: installs a SIGINT handler that interrupts `L` while interrupts are
** accepted (a chunk runs) and otherwise only counts them (Ctrl-C at the prompt). */
void transit_catchinterrupts(lua_State *L);
void transit_acceptinterrupts(int accept);
/* Ends the process with `status` (and a line on stderr) unless transit_disarmstopdeadline is
** called within a second: what makes Ctrl-C and SIGTERM stop any command in a second, whatever
** the script or the host is doing. Async-signal-safe. */
void transit_armstopdeadline(int status);
void transit_disarmstopdeadline(void);
/* SIGINTs received since the last call. */
int transit_takeinterrupts(void);

/* The traceback of coroutine `co` from `level` out, as a table of frames (CLua.c, "tracebacks
** as frames"), for errors raised inside scene coroutines; with a `message`, that message with
** the traceback's text after it, the frames kept for it in the registry. */
void transit_traceback(lua_State *L, lua_State *co, const char *message, int level);

/* Registry slots of the frames of the last traceback written by the message handler (or for a
** coroutine), and of a failed finalizer's. */
#define TRANSIT_CAUGHT_FRAMES "transit.caughtFrames"
#define TRANSIT_FINALIZER_FRAMES "transit.finalizerFrames"

/* Pushes the frames table of `co`'s stack from `level` out. */
void transit_pushframes(lua_State *L, lua_State *co, int level);
/* Pushes "stack traceback:" and one line per frame of the frames table at `index`. */
void transit_pushtracebacktext(lua_State *L, int index);
/* Pushes the frames table recorded for the string `text` (the same string, by address) and
** returns 1; returns 0 and pushes nothing when none was. */
int transit_pushframesof(lua_State *L, const char *text);

/* The shape of the error string `text` raised in thread `co`: its location is the innermost
** frame (from `level` out) whose "file:line: " the text begins with, which is where luaL_where
** and Lua's runtime errors put it (error(message, 2) names a frame further out); none if no
** frame's does, or if `level` is negative (no running frame raised it). */
void transit_shapeerror(lua_State *L, lua_State *co, int level, const char *text, size_t length, transit_ErrorShape *shape);

/* ---- benchmark baseline (transit bench, timeline.vs_c) ----
** The tweening a frame of `count` animating objects needs, as a plain C loop: per object, solve
** the easeInEaseOut cubic Bezier (0.42,0)(0.58,1) for the time fraction `time / duration`
** (Newton, then bisection, as TimingFunction does) and interpolate frame x/y/w/h, alpha and a
** scale + rotation transform. `objects` holds TRANSIT_BENCH_TWEEN_IN doubles per object (duration,
** from x y w h, to x y w h, from alpha, to alpha, to scale, to angle; the transform starts at
** identity); `out` receives TRANSIT_BENCH_TWEEN_OUT per object (x y w h alpha a b c d). */
/* The least a write of a value table can cost beyond the call: a C function that reads the
** value it is given (true if it read it) as the C path of a property write reads a setter's
** value, and does nothing with it. Takes from the stack the value class's metatable and
** above it the `names` of its fields; pushes the function. */
void transit_pushbenchvalueread(lua_State *L, int names);

#define TRANSIT_BENCH_TWEEN_IN 13
#define TRANSIT_BENCH_TWEEN_OUT 9
void transit_bench_tween(int count, double time, const double *objects, double *out);

#endif
