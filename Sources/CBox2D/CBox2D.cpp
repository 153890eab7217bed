// The C interface of include/CBox2D.h over Box2D 2.4 (Debian's libbox2d). Bodies and joints
// live in tables indexed by the ids Swift holds; a destroyed entry stays null, so an id is
// never reused within a world and a stale one is ignored rather than dereferenced.
#include "CBox2D.h"

#include <box2d/box2d.h>
#include <cmath>
#include <vector>

namespace {

struct Contact {
    int64_t tagA, tagB;
    double x, y;
};

struct Filter : b2ContactFilter {
    void *context = nullptr;
    tb_should_collide callback = nullptr;
    bool ShouldCollide(b2Fixture *a, b2Fixture *b) override {
        if (!callback) return true;
        return callback(context, static_cast<int64_t>(a->GetUserData().pointer),
                        static_cast<int64_t>(b->GetUserData().pointer)) != 0;
    }
};

struct Listener : b2ContactListener {
    std::vector<Contact> *began = nullptr;
    void BeginContact(b2Contact *contact) override {
        b2WorldManifold manifold;
        contact->GetWorldManifold(&manifold);
        int count = contact->GetManifold()->pointCount;
        double x = 0, y = 0;
        for (int i = 0; i < count; i++) { x += manifold.points[i].x; y += manifold.points[i].y; }
        if (count > 0) { x /= count; y /= count; }
        began->push_back({static_cast<int64_t>(contact->GetFixtureA()->GetUserData().pointer),
                          static_cast<int64_t>(contact->GetFixtureB()->GetUserData().pointer), x, y});
    }
};

// Every number reaches Box2D through f(): non-finite values become 0 and the rest are clamped
// to ±10^7, so no input can trip Box2D's asserts (a position must be finite in float). Swift
// checks and clamps long before this; this is the last line.
float f(double value) {
    if (!std::isfinite(value)) return 0.0f;
    if (value > 1e7) return 1e7f;
    if (value < -1e7) return -1e7f;
    return static_cast<float>(value);
}

b2Vec2 v(double x, double y) { return b2Vec2(f(x), f(y)); }

}  // namespace

struct tb_world {
    b2World world{b2Vec2(0, 0)};
    b2Body *ground = nullptr;
    // Boundaries live on a static body of their own: Box2D does not collide bodies joined by a
    // joint, and attachments to an anchor are joints to the ground.
    b2Body *walls = nullptr;
    std::vector<b2Body *> bodies;
    std::vector<b2Joint *> joints;
    std::vector<Contact> began;
    Filter filter;
    Listener listener;
};

static b2Body *body_at(tb_world *w, int32_t id) {
    if (id == -1) return w->ground;
    if (id < 0 || static_cast<size_t>(id) >= w->bodies.size()) return nullptr;
    return w->bodies[id];
}

static int32_t add_joint(tb_world *w, b2Joint *joint) {
    w->joints.push_back(joint);
    return static_cast<int32_t>(w->joints.size() - 1);
}

extern "C" {

tb_world *tb_world_create(void) {
    tb_world *w = new tb_world();
    b2BodyDef def;
    w->ground = w->world.CreateBody(&def);
    w->walls = w->world.CreateBody(&def);
    w->listener.began = &w->began;
    w->world.SetContactFilter(&w->filter);
    w->world.SetContactListener(&w->listener);
    return w;
}

void tb_world_destroy(tb_world *w) { delete w; }

void tb_world_set_filter(tb_world *w, void *context, tb_should_collide filter) {
    w->filter.context = context;
    w->filter.callback = filter;
}

void tb_world_step(tb_world *w, double seconds, int velocityIterations, int positionIterations) {
    w->began.clear();
    w->world.Step(f(seconds), velocityIterations, positionIterations);
}

int32_t tb_body_create(tb_world *w, double x, double y, double angle) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position.Set(f(x), f(y));
    def.angle = f(angle);
    w->bodies.push_back(w->world.CreateBody(&def));
    return static_cast<int32_t>(w->bodies.size() - 1);
}

void tb_body_destroy(tb_world *w, int32_t id) {
    b2Body *body = body_at(w, id);
    if (!body || body == w->ground) return;
    // Box2D destroys the body's joints with it: forget them first so no id points at freed memory.
    for (b2JointEdge *edge = body->GetJointList(); edge; edge = edge->next) {
        for (auto &joint : w->joints) if (joint == edge->joint) joint = nullptr;
    }
    w->world.DestroyBody(body);
    w->bodies[id] = nullptr;
}

void tb_body_set_box(tb_world *w, int32_t id, double halfWidth, double halfHeight, double density,
                     double friction, double restitution, int64_t tag) {
    b2Body *body = body_at(w, id);
    if (!body || body == w->ground) return;
    while (b2Fixture *fixture = body->GetFixtureList()) body->DestroyFixture(fixture);
    b2PolygonShape box;
    // A box thinner than Box2D's slop is degenerate; Swift keeps items at least 1 point (1 cm).
    box.SetAsBox(std::fmax(f(halfWidth), 0.005f), std::fmax(f(halfHeight), 0.005f));
    b2FixtureDef def;
    def.shape = &box;
    def.density = f(density);
    def.friction = f(friction);
    def.restitution = f(restitution);
    // Box2D's default restitution threshold stays (1 m/s, 100 points/s): slower contacts do not
    // bounce, which is what lets an item held against a boundary by a force come to rest (a
    // lower one kept a pushed menu chattering on its stop for seconds).
    def.userData.pointer = static_cast<uintptr_t>(tag);
    body->CreateFixture(&def);
}

void tb_body_set_transform(tb_world *w, int32_t id, double x, double y, double angle) {
    if (b2Body *body = body_at(w, id)) body->SetTransform(v(x, y), f(angle));
}

void tb_body_get_state(tb_world *w, int32_t id, double *x, double *y, double *angle, double *vx, double *vy, double *omega) {
    b2Body *body = body_at(w, id);
    if (!body) { *x = *y = *angle = *vx = *vy = *omega = 0; return; }
    b2Vec2 p = body->GetPosition(), v = body->GetLinearVelocity();
    *x = p.x; *y = p.y; *angle = body->GetAngle();
    *vx = v.x; *vy = v.y; *omega = body->GetAngularVelocity();
}

void tb_body_set_velocity(tb_world *w, int32_t id, double vx, double vy, double omega) {
    b2Body *body = body_at(w, id);
    if (!body) return;
    body->SetLinearVelocity(v(vx, vy));
    body->SetAngularVelocity(f(omega));
}

void tb_body_set_damping(tb_world *w, int32_t id, double linear, double angular) {
    b2Body *body = body_at(w, id);
    if (!body) return;
    body->SetLinearDamping(f(linear));
    body->SetAngularDamping(f(angular));
}

void tb_body_set_fixed_rotation(tb_world *w, int32_t id, int fixed) {
    if (b2Body *body = body_at(w, id)) body->SetFixedRotation(fixed != 0);
}

double tb_body_mass(tb_world *w, int32_t id) {
    b2Body *body = body_at(w, id);
    return body ? body->GetMass() : 0;
}

double tb_body_inertia(tb_world *w, int32_t id) {
    b2Body *body = body_at(w, id);
    return body ? body->GetInertia() : 0;
}

void tb_body_apply_force(tb_world *w, int32_t id, double fx, double fy, double px, double py) {
    if (b2Body *body = body_at(w, id))
        body->ApplyForce(v(fx, fy), v(px, py), false);
}

void tb_body_apply_impulse(tb_world *w, int32_t id, double ix, double iy, double px, double py) {
    if (b2Body *body = body_at(w, id))
        body->ApplyLinearImpulse(v(ix, iy), v(px, py), true);
}

int tb_body_is_awake(tb_world *w, int32_t id) {
    b2Body *body = body_at(w, id);
    return body && body->IsAwake() ? 1 : 0;
}

void tb_body_wake(tb_world *w, int32_t id) {
    if (b2Body *body = body_at(w, id)) body->SetAwake(true);
}

int32_t tb_joint_distance(tb_world *w, int32_t a, int32_t b, double ax, double ay, double bx, double by,
                          double length, double frequency, double dampingRatio) {
    b2Body *bodyA = body_at(w, a), *bodyB = body_at(w, b);
    if (!bodyA || !bodyB || bodyA == bodyB) return -1;
    b2DistanceJointDef def;
    def.Initialize(bodyA, bodyB, v(ax, ay), v(bx, by));
    def.length = f(length);
    def.minLength = def.length;
    def.maxLength = def.length;
    if (frequency > 0) {
        // A spring: the length is its rest length, and it may stretch and compress.
        def.minLength = 0;
        def.maxLength = FLT_MAX;
        b2LinearStiffness(def.stiffness, def.damping, f(frequency), f(dampingRatio), bodyA, bodyB);
    }
    return add_joint(w, w->world.CreateJoint(&def));
}

int32_t tb_joint_revolute(tb_world *w, int32_t a, int32_t b, double ax, double ay, double bx, double by) {
    b2Body *bodyA = body_at(w, a), *bodyB = body_at(w, b);
    if (!bodyA || !bodyB || bodyA == bodyB) return -1;
    b2RevoluteJointDef def;
    def.bodyA = bodyA;
    def.bodyB = bodyB;
    def.localAnchorA = bodyA->GetLocalPoint(v(ax, ay));
    def.localAnchorB = bodyB->GetLocalPoint(v(bx, by));
    def.referenceAngle = bodyB->GetAngle() - bodyA->GetAngle();
    return add_joint(w, w->world.CreateJoint(&def));
}

int32_t tb_joint_mouse(tb_world *w, int32_t id, double tx, double ty, double frequency, double dampingRatio, double maxForce) {
    b2Body *body = body_at(w, id);
    if (!body || body == w->ground) return -1;
    b2MouseJointDef def;
    def.bodyA = w->ground;
    def.bodyB = body;
    // The joint grips the body where the definition's target is: at its center, which is then
    // pulled towards the snap point.
    def.target = body->GetPosition();
    def.maxForce = f(maxForce);
    b2LinearStiffness(def.stiffness, def.damping, f(frequency), f(dampingRatio), w->ground, body);
    b2MouseJoint *joint = static_cast<b2MouseJoint *>(w->world.CreateJoint(&def));
    joint->SetTarget(v(tx, ty));
    return add_joint(w, joint);
}

void tb_joint_destroy(tb_world *w, int32_t id) {
    if (id < 0 || static_cast<size_t>(id) >= w->joints.size() || !w->joints[id]) return;
    w->world.DestroyJoint(w->joints[id]);
    w->joints[id] = nullptr;
}

void tb_edge_add(tb_world *w, double x1, double y1, double x2, double y2, int64_t tag) {
    // A segment of no length has no normal.
    if (b2DistanceSquared(v(x1, y1), v(x2, y2)) < 1e-8f) return;
    b2EdgeShape edge;
    edge.SetTwoSided(v(x1, y1), v(x2, y2));
    b2FixtureDef def;
    def.shape = &edge;
    def.userData.pointer = static_cast<uintptr_t>(tag);
    w->walls->CreateFixture(&def);
}

void tb_edges_clear(tb_world *w) {
    while (b2Fixture *fixture = w->walls->GetFixtureList()) w->walls->DestroyFixture(fixture);
}

int32_t tb_contact_count(tb_world *w) { return static_cast<int32_t>(w->began.size()); }

void tb_contact_get(tb_world *w, int32_t index, int64_t *tagA, int64_t *tagB, double *x, double *y) {
    if (index < 0 || static_cast<size_t>(index) >= w->began.size()) { *tagA = *tagB = 0; *x = *y = 0; return; }
    const Contact &c = w->began[index];
    *tagA = c.tagA; *tagB = c.tagB; *x = c.x; *y = c.y;
}

}  // extern "C"
