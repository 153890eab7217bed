import Foundation
import CLua
import TransitCore
import TransitLua
import TransitRender

// `transit bench`: the timeline figures. Sampling one frame of 10,000 animating views, the same
// tweening in pure Lua and in C for scale, and the lifecycle of many animations: completing,
// one block over all views, cancelling. Set TRANSIT_BENCH_GROWTH=1 to also print the growth
// table (cost per view at 100 … 100,000 views) that docs/performance/timeline.md quotes.

func benchTimeline(_ rounds: Int) throws -> [BenchFigure] {
    let count = 10_000
    let scene = try TimelineBenchScene(views: count)
    var transit: [Double] = [], lua: [Double] = [], c: [Double] = []
    let pureLua = try PureLuaTween(objects: scene.objects)
    var cOutput = [Double](repeating: 0, count: count * Int(TRANSIT_BENCH_TWEEN_OUT))
    for round in 0..<rounds {
        // A different instant each round, so no round reuses a progress the previous one computed.
        let time = 0.2 + Double(round) * 0.013
        transit.append(scene.sample(at: time) * 1000)
        lua.append(try pureLua.run(at: time) * 1000)
        c.append(timed { scene.objects.withUnsafeBufferPointer { objects in
            cOutput.withUnsafeMutableBufferPointer { out in
                transit_bench_tween(Int32(count), time, objects.baseAddress, out.baseAddress)
            }
        } } * 1000)
    }
    var figures = [
        BenchFigure.median("timeline.sample_10k", transit, unit: "ms", target: 1,
                           "window.layer.snapshot(at:) with 10,000 views animating frame, alpha, transform (separate UIView.animate, 10,000 durations)"),
        BenchFigure.ratio("timeline.vs_pure_lua", value: transit, baseline: lua, unit: "ms", target: 20, biggerIsBetter: true,
                          "the same Bézier solve + frame/alpha/transform tween per object in Lua 5.4, same process"),
        BenchFigure.ratio("timeline.vs_c", value: transit, baseline: c, unit: "ms", target: 2,
                          "the same tween as a plain C loop (transit_bench_tween, CLua.c)"),
    ]
    let lifecycleRounds = max(3, rounds / 3)
    figures.append(BenchFigure.median("lifecycle.complete_10k", (0..<lifecycleRounds).map { _ in try! completeSeparately(count) * 1000 },
                                      unit: "ms", target: 50, "10,000 UIView.animate of 10,000 durations (0.1–0.9 s) begun, then advanced past their ends"))
    figures.append(BenchFigure.median("lifecycle.block_10k", (0..<lifecycleRounds).map { _ in try! completeOneBlock(count) * 1000 },
                                      unit: "ms", target: 50, "one UIView.animate over 10,000 views: begin + complete"))
    figures.append(BenchFigure.median("lifecycle.cancel_10k", (0..<lifecycleRounds).map { _ in try! cancelAll(count) * 1000 },
                                      unit: "ms", target: 50, "removeAllAnimations on 10,000 views of one block, completions run"))
    if ProcessInfo.processInfo.environment["TRANSIT_BENCH_GROWTH"] == "1" { try printGrowthTable() }
    return figures
}

/// Seconds `body` took.
private func timed(_ body: () throws -> Void) rethrows -> Double {
    let start = MonotonicClock.seconds()
    try body()
    return MonotonicClock.seconds() - start
}

/// A window of `views` views, each animated by its own `UIView.animate` (so each solves its
/// own curve) from a small square to a moved, resized, faded, rotated and scaled one.
private struct TimelineBenchScene {
    let world = World()
    /// The same animations as the C and Lua baselines read them (TRANSIT_BENCH_TWEEN_IN per object).
    var objects: [Double] = []

    init(views: Int) throws {
        objects.reserveCapacity(views * Int(TRANSIT_BENCH_TWEEN_IN))
        for index in 0..<views {
            let from = Rect(x: Double(index % 100) * 4, y: Double(index / 100) * 8, width: 20, height: 20)
            let to = Rect(x: from.origin.x + 30, y: from.origin.y + 50, width: 40, height: 30)
            let duration = 1 + Double(index) * 1e-4, angle = 0.5, scale = 1.5
            let view = View(world: world, frame: from)
            try world.window.addSubview(view)
            try world.animate(duration: duration, animations: {
                view.frame = to
                view.alpha = 0.25
                view.transform = Transform2D.rotation(angle).concatenating(.scale(scale, scale))
            })
            objects += [duration, from.origin.x, from.origin.y, from.width, from.height,
                        to.origin.x, to.origin.y, to.width, to.height, 1, 0.25, scale, angle]
        }
    }

    /// Seconds to sample one frame at `time`.
    func sample(at time: Double) -> Double {
        var tree: LayerSnapshot?
        let seconds = timed { tree = world.window.layer.snapshot(at: time) }
        precondition(tree?.sublayers.count == objects.count / Int(TRANSIT_BENCH_TWEEN_IN))
        return seconds
    }
}

/// The baseline tweening in Lua 5.4, in a plain state of its own.
private final class PureLuaTween {
    private let state: OpaquePointer

    init(objects: [Double]) throws {
        guard let state = luaL_newstate() else { throw BenchError.luaStateUnavailable }
        self.state = state
        luaL_openlibs(state)
        let source = """
        local objects, out = {}, {}
        local floor = math.floor
        local cx = 3 * 0.42; local bx = 3 * (0.58 - 0.42) - cx; local ax = 1 - cx - bx
        local cy = 0; local by = 3 - cy; local ay = 1 - cy - by
        local abs, sin, cos = math.abs, math.sin, math.cos
        local function ease(x)
          if not (x > 0) then return 0 end
          if x >= 1 then return 1 end
          local t, solved = x, false
          for _ = 1, 8 do
            local slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 then break end
            local step = (((ax * t + bx) * t + cx) * t - x) / slope
            t = t - step
            if abs(step) < 1e-7 then solved = t >= 0 and t <= 1; break end
          end
          if not solved then
            local lower, upper = 0, 1
            t = 0.5
            for _ = 1, 64 do
              if ((ax * t + bx) * t + cx) * t < x then lower = t else upper = t end
              t = (lower + upper) * 0.5
              if upper - lower < 1e-10 then break end
            end
          end
          return ((ay * t + by) * t + cy) * t
        end
        function add(duration, x0, y0, w0, h0, x1, y1, w1, h1, a0, a1, scale, angle)
          objects[#objects + 1] = { duration = duration, x0 = x0, y0 = y0, w0 = w0, h0 = h0,
            x1 = x1, y1 = y1, w1 = w1, h1 = h1, a0 = a0, a1 = a1, scale = scale, angle = angle }
          out[#out + 1] = { x = 0, y = 0, w = 0, h = 0, alpha = 0, a = 1, b = 0, c = 0, d = 1 }
        end
        function tween(time)
          for i = 1, #objects do
            local o, r = objects[i], out[i]
            local p = ease(time / o.duration)
            r.x = o.x0 + (o.x1 - o.x0) * p; r.y = o.y0 + (o.y1 - o.y0) * p
            r.w = o.w0 + (o.w1 - o.w0) * p; r.h = o.h0 + (o.h1 - o.h0) * p
            r.alpha = o.a0 + (o.a1 - o.a0) * p
            local s, angle = 1 + (o.scale - 1) * p, o.angle * p
            local c, n = cos(angle) * s, sin(angle) * s
            r.a = c; r.b = n; r.c = -n; r.d = c
          end
        end
        """
        guard luaL_loadstring(state, source) == LUA_OK, lua_pcallk(state, 0, 0, 0, 0, nil) == LUA_OK else {
            throw BenchError.luaFailed(round: "the Lua baseline did not load", reason: String(cString: lua_tolstring(state, -1, nil)))
        }
        let width = Int(TRANSIT_BENCH_TWEEN_IN)
        for start in stride(from: 0, to: objects.count, by: width) {
            lua_getglobal(state, "add")
            for value in objects[start..<start + width] { lua_pushnumber(state, value) }
            guard lua_pcallk(state, Int32(width), 0, 0, 0, nil) == LUA_OK else { throw BenchError.roundInvalid("Lua add failed") }
        }
    }

    deinit { lua_close(state) }

    /// Seconds one `tween(time)` call took.
    func run(at time: Double) throws -> Double {
        lua_getglobal(state, "tween")
        lua_pushnumber(state, time)
        var status: Int32 = 0
        let seconds = timed { status = lua_pcallk(state, 1, 0, 0, 0, nil) }
        guard status == LUA_OK else { throw BenchError.roundInvalid("Lua tween failed") }
        return seconds
    }
}

/// A window with `count` plain views.
private func viewsInWindow(_ count: Int) throws -> (World, [View]) {
    let world = World()
    var views: [View] = []
    views.reserveCapacity(count)
    for index in 0..<count {
        let view = View(world: world, frame: Rect(x: Double(index % 100), y: Double(index / 100), width: 10, height: 10))
        try world.window.addSubview(view)
        views.append(view)
    }
    try world.drain()
    return (world, views)
}

/// Seconds to begin `count` animations of different durations and advance past all their ends.
private func completeSeparately(_ count: Int) throws -> Double {
    let (world, views) = try viewsInWindow(count)
    var completed = 0
    let seconds = try timed {
        for (index, view) in views.enumerated() {
            try world.animate(duration: 0.1 + Double(index) * 0.8 / Double(count), animations: { view.alpha = 0.5 },
                              completion: { _ in completed += 1 })
        }
        try world.advance(to: world.now + 1)
    }
    precondition(completed == count && world.liveGroups.isEmpty)
    return seconds
}

/// Seconds to begin one block over `count` views and advance past its end.
private func completeOneBlock(_ count: Int) throws -> Double {
    let (world, views) = try viewsInWindow(count)
    var finished = false
    let seconds = try timed {
        try world.animate(duration: 0.3, animations: {
            for view in views { view.alpha = 0.5; view.center = Point(x: view.center.x + 10, y: view.center.y) }
        }, completion: { finished = $0 })
        try world.advance(to: world.now + 1)
    }
    precondition(finished)
    return seconds
}

/// Seconds for `removeAllAnimations` on each of `count` views of one block, completion included.
private func cancelAll(_ count: Int) throws -> Double {
    let (world, views) = try viewsInWindow(count)
    var finished: Bool?
    try world.animate(duration: 0.3, animations: {
        for view in views { view.alpha = 0.5; view.center = Point(x: view.center.x + 10, y: view.center.y) }
    }, completion: { finished = $0 })
    try world.advance(to: world.now + 0.1)
    let seconds = try timed {
        for view in views { view.layer.removeAllAnimations() }
        try world.drain()
    }
    precondition(finished == false)
    return seconds
}

/// Nanoseconds per view for sampling, completing, one block and cancelling at 100 … 100,000 views.
private func printGrowthTable() throws {
    var lines = ["| views | sample ns/view | complete ns/view | block ns/view | cancel ns/view | render ns/view |", "|---:|---:|---:|---:|---:|---:|"]
    for count in [100, 1_000, 10_000, 100_000] {
        let rounds = count >= 100_000 ? 3 : 7
        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] * 1e9 / Double(count) }
        let scene = try TimelineBenchScene(views: count)
        let sample = median((0..<rounds).map { scene.sample(at: 0.2 + Double($0) * 0.013) })
        let complete = median(try (0..<rounds).map { _ in try completeSeparately(count) })
        let block = median(try (0..<rounds).map { _ in try completeOneBlock(count) })
        let cancel = median(try (0..<rounds).map { _ in try cancelAll(count) })
        // Rasterizing the sampled frame (every view moving, 393×852 at scale 1).
        let frame = scene.world.window.layer.snapshot(at: 0.5)
        let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
        let render = median((0..<rounds).map { _ in timed { _ = rasterizer.render(frame, size: scene.world.window.bounds.size) } })
        lines.append("| \(count) | \(Int(sample.rounded())) | \(Int(complete.rounded())) | \(Int(block.rounded())) | \(Int(cancel.rounded())) | \(Int(render.rounded())) |")
    }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
}
