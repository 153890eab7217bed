// The few Box2D 2.4 calls UIKit Dynamics needs, behind a C interface Swift can import (Box2D
// is C++). Bodies and joints are numbered by the shim; lengths are Box2D's metres, which
// TransitDynamics maps to points. Every function accepts any id: an unknown one does nothing,
// so a stale id from Swift can never reach Box2D's asserts.
#ifndef TRANSIT_CBOX2D_H
#define TRANSIT_CBOX2D_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tb_world tb_world;

/// Asked when two fixtures' boxes begin to overlap: nonzero lets them collide. Tags are the
/// ones given to tb_body_set_box and tb_edge_add.
typedef int (*tb_should_collide)(void *context, int64_t tagA, int64_t tagB);

tb_world *tb_world_create(void);
void tb_world_destroy(tb_world *world);
void tb_world_set_filter(tb_world *world, void *context, tb_should_collide filter);
/// One fixed step. Contacts that began during it are listed by tb_contact_* until the next.
void tb_world_step(tb_world *world, double seconds, int velocityIterations, int positionIterations);

int32_t tb_body_create(tb_world *world, double x, double y, double angle);
void tb_body_destroy(tb_world *world, int32_t body);
/// Replaces the body's fixtures by one box (half extents in metres) and recomputes its mass.
void tb_body_set_box(tb_world *world, int32_t body, double halfWidth, double halfHeight, double density,
                     double friction, double restitution, int64_t tag);
void tb_body_set_transform(tb_world *world, int32_t body, double x, double y, double angle);
void tb_body_get_state(tb_world *world, int32_t body, double *x, double *y, double *angle,
                       double *vx, double *vy, double *omega);
void tb_body_set_velocity(tb_world *world, int32_t body, double vx, double vy, double omega);
void tb_body_set_damping(tb_world *world, int32_t body, double linear, double angular);
void tb_body_set_fixed_rotation(tb_world *world, int32_t body, int fixed);
double tb_body_mass(tb_world *world, int32_t body);
double tb_body_inertia(tb_world *world, int32_t body);
/// A force (newtons) at a world point, without waking a sleeping body.
void tb_body_apply_force(tb_world *world, int32_t body, double fx, double fy, double px, double py);
void tb_body_apply_impulse(tb_world *world, int32_t body, double ix, double iy, double px, double py);
int tb_body_is_awake(tb_world *world, int32_t body);
void tb_body_wake(tb_world *world, int32_t body);

/// Joints; a body of -1 is the fixed ground. Anchors are world points.
int32_t tb_joint_distance(tb_world *world, int32_t bodyA, int32_t bodyB, double ax, double ay, double bx, double by,
                          double length, double frequency, double dampingRatio);
int32_t tb_joint_revolute(tb_world *world, int32_t bodyA, int32_t bodyB, double ax, double ay, double bx, double by);
int32_t tb_joint_mouse(tb_world *world, int32_t body, double tx, double ty, double frequency, double dampingRatio,
                       double maxForce);
void tb_joint_destroy(tb_world *world, int32_t joint);

/// A boundary segment (on a static body of its own, which no joint connects to).
void tb_edge_add(tb_world *world, double x1, double y1, double x2, double y2, int64_t tag);
void tb_edges_clear(tb_world *world);

int32_t tb_contact_count(tb_world *world);
void tb_contact_get(tb_world *world, int32_t index, int64_t *tagA, int64_t *tagB, double *x, double *y);

#ifdef __cplusplus
}
#endif

#endif
