/*
** What the C files of CLua share and Swift does not see.
*/
#ifndef TRANSIT_CLUA_INTERNAL_H
#define TRANSIT_CLUA_INTERNAL_H

#include "CLua.h"

#define BUDGET_STEP 1000   /* instructions between two budget hook calls */

transit_Limits *transit_limitsof(lua_State *L);

/* What a host function's return asks of its trampoline, once Swift has returned: `n` results,
** or TRANSIT_RAISE (the error on top is raised), or TRANSIT_YIELD - n; and the memory limit,
** checked now for what the host took while it ran. Its caller charged the call and counted
** limits->inHost up and back down around the Swift function. */
int transit_hostreturn(lua_State *L, transit_Limits *limits, int n);

/* The count hook: charges the budget, takes interrupts, raises a finalizer's failure. */
void transit_budgethook(lua_State *L, lua_Debug *ar);

/* Puts back the hook a thread runs with: the budget's count hook (it also takes interrupts). */
void transit_restorehook(lua_State *L);

/* Installs the guarded library functions (sandbox.c). */
void transit_opensandbox(lua_State *L, int unsafe);

/* Replaces string.find, match, gmatch and gsub with the counting matcher (patterns.c). */
void transit_openpatterns(lua_State *L);

#endif
