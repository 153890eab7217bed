/*
** `object.key = value` on a host object: the __newindex of every bound object class.
**
** A property write is the bridge's hottest crossing (an animation writes frames, alphas and
** corner radii every frame), and most of what it cost was the crossing itself rather than the
** model's work: the Swift host function looked the key up, recognised the receiver, checked
** the value's Lua type, then read it through a closure per declared argument, and a CGRect was
** read by interning each field's name again on every write. Here the receiver, the setter and
** the value are all found and checked in C, and Swift is called once with the numbers read.
**
** The C path only ever says yes: whatever it does not recognise, or any check that fails, goes
** to the general Swift host function with the stack untouched, which words the error as it
** always did (or roots the receiver, or stores a free field). So every message and every
** refusal is the Swift one, and the C path is exactly the writes the general path would
** accept. Both are one host call: the same budget charge, limits->inHost counted around the
** Swift code, and errors raised by transit_hostreturn only after Swift has returned.
*/
#include "internal.h"
#include <math.h>

/* Upvalues of the __newindex closure. */
#define GENERAL_UPVALUE 1   /* the general Swift host function (a light userdata) */
#define SETTERS_UPVALUE 2   /* key -> transit_Setter light userdata, or false (read-only) */
/* Upvalues 3 and on: the field names of the value types the class's setters take, each pushed
** from its upvalue (cheaper than from a table) to look the field up. */

/* What the C path pushes at most: the setter, a value's metatable and its fields. A C function
** may push LUA_MINSTACK values without asking for room. The stack is put back before Swift
** runs, on either path: Swift code pushes without asking for room either (a setter may call
** into Lua, which pushes the function and its arguments), counting on LUA_MINSTACK free slots
** above the three arguments. */
#if TRANSIT_MAXFIELDS + 2 > LUA_MINSTACK
#error "a value's fields and the setter must fit in LUA_MINSTACK slots"
#endif

/* The receiver at 1 if it is a live host object that needs nothing done before the host
** keeps it: an object with a table of its own that is not rooted yet is rooted by the general
** path (ObjectIdentity.swift, handedToHost). */
static void *receiver(lua_State *L) {
    const transit_ObjectBox *box = (const transit_ObjectBox *)lua_touserdata(L, 1);
    /* lua_rawlen is 0 for a light userdata and the size of a full one. */
    if (box == NULL || lua_rawlen(L, 1) != sizeof *box || box->marker != TRANSIT_OBJECT_MARKER) return NULL;
    unsigned int state = TRANSIT_OBJECT_HASTABLE | TRANSIT_OBJECT_KEEPSCHILDREN;
    if ((box->flags & state) != 0 && (box->flags & TRANSIT_OBJECT_ROOTED) == 0) return NULL;
    return box->object;
}

/* The setter the class's table holds for the key at 2 (pushed), or NULL (read-only, unknown,
** not a string: the general path's cases). */
static const transit_Setter *setter_for_key(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(SETTERS_UPVALUE)) != LUA_TLIGHTUSERDATA) return NULL;
    return (const transit_Setter *)lua_touserdata(L, -1);
}

/* The fields of the value table at `value`, raw (its metatable's __index serves methods),
** each a finite number. A table with another metatable than the value class's goes to the
** general path, which also accepts a plain metatable or one naming the same class. */
static int read_fields(lua_State *L, int value, const transit_Setter *setter, double *values) {
    if (lua_type(L, value) != LUA_TTABLE || setter->fieldCount > TRANSIT_MAXFIELDS) return 0;
    if (lua_getmetatable(L, value) && lua_topointer(L, -1) != setter->valueMetatable) return 0;
    int count = setter->fieldCount;
    for (int i = 0; i < count; i++) {
        lua_pushvalue(L, lua_upvalueindex(setter->firstField + i));
        if (lua_rawget(L, value) != LUA_TNUMBER) return 0;
    }
    for (int i = 0; i < count; i++) {
        values[i] = lua_tonumberx(L, i - count, NULL);
        if (!isfinite(values[i])) return 0;
    }
    return 1;
}

/* The value at 3 read as `setter` declares it, into `values`; 0 when the general path must
** read it (a mismatch is worded there). The checks are Argument.swift's readers, exactly. */
static int read_value(lua_State *L, const transit_Setter *setter, double *values) {
    switch (setter->kind) {
    case TRANSIT_VALUE_NUMBER:
    case TRANSIT_VALUE_FINITE:
    case TRANSIT_VALUE_INTEGER: {
        if (lua_type(L, 3) != LUA_TNUMBER) return 0;
        double number = lua_tonumberx(L, 3, NULL);
        if (setter->kind == TRANSIT_VALUE_FINITE && !isfinite(number)) return 0;
        /* Integral and below 1e15 in magnitude (NaN fails the comparison). */
        if (setter->kind == TRANSIT_VALUE_INTEGER && !(fabs(number) < 1e15 && (double)(long long)number == number)) return 0;
        values[0] = number;
        return 1;
    }
    case TRANSIT_VALUE_BOOLEAN:
        if (lua_type(L, 3) != LUA_TBOOLEAN) return 0;
        values[0] = lua_toboolean(L, 3);
        return 1;
    case TRANSIT_VALUE_FIELDS:
        return read_fields(L, 3, setter, values);
    default:
        return 0;
    }
}

static int assign(lua_State *L) {
    int top = lua_gettop(L);
    double values[TRANSIT_MAXFIELDS];
    void *object = receiver(L);
    const transit_Setter *setter = object ? setter_for_key(L) : NULL;
    transit_Limits *limits;
    int n;
    if (setter && read_value(L, setter, values)) {
        lua_settop(L, top);
        limits = setter->limits;
        if (limits->budgetTotal) limits->budget -= TRANSIT_HOSTCALL_COST;
        limits->inHost++;
        n = setter->set(L, setter->entry, object, values);
        limits->inHost--;
    } else {
        lua_settop(L, top);
        transit_HostFunction general = (transit_HostFunction)lua_touserdata(L, lua_upvalueindex(GENERAL_UPVALUE));
        limits = transit_limitsof(L);
        if (limits->budgetTotal) limits->budget -= TRANSIT_HOSTCALL_COST;
        limits->inHost++;
        n = general(L);
        limits->inHost--;
    }
    return transit_hostreturn(L, limits, n);
}

void transit_pushassign(lua_State *L, transit_HostFunction general, int names) {
    /* The setter table and the names are on the stack: the function goes below them. */
    lua_pushlightuserdata(L, (void *)general);
    lua_rotate(L, -(names + 2), 1);
    lua_pushcclosure(L, assign, names + 2);
}

/* ---- benchmark baseline (transit bench, bridge.frame_write) ---- */

/* Reads the value at 1 as a setter reading `fieldCount` fields does, and nothing more
** (upvalue 1: that setter, a full userdata; the names follow). */
static int read_value_only(lua_State *L) {
    const transit_Setter *setter = (const transit_Setter *)lua_touserdata(L, lua_upvalueindex(1));
    double values[TRANSIT_MAXFIELDS];
    lua_pushboolean(L, read_fields(L, 1, setter, values));
    return 1;
}

void transit_pushbenchvalueread(lua_State *L, int names) {
    const void *metatable = lua_topointer(L, -(names + 1));
    transit_Setter *setter = (transit_Setter *)lua_newuserdatauv(L, sizeof *setter, 0);
    *setter = (transit_Setter){ TRANSIT_VALUE_FIELDS, names, 2, metatable, NULL, NULL, NULL };
    lua_rotate(L, -(names + 1), 1);
    lua_pushcclosure(L, read_value_only, names + 1);
    lua_rotate(L, -2, 1);
    lua_pop(L, 1);  /* the metatable */
}
