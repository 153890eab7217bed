import Foundation
import TransitCore
import TransitLua

// `transit bench`: the bridge figures. Each crossing of the Lua ↔ Swift bridge is measured
// beside a baseline in the same Lua state and the same run, so the ratio says what the bridge
// costs whatever the machine's speed. A property write on a userdata calls its `__newindex`,
// a C function, so no bridge can write a property for less than a bare C function call from
// Lua (`rawequal`, about 6× a table write): the writes are measured against that call. A
// method call is measured against the same call on a Lua table, which is a call too.
// Timing is `os.clock()` (process CPU time) around a loop of N iterations, minus an empty
// loop's time, divided by N.

/// Lua that measures one round of every figure and returns them as "name=ns name=ns ...".
private let bridgeRoundSource = """
    local N = 1000000
    local clock = os.clock
    local function timed(body)
      local start = clock()
      body()
      return clock() - start
    end
    local empty = timed(function() for i = 1, N do end end)
    local function perOperation(body) return (timed(body) - empty) / N * 1e9 end

    local v = bridgeView
    local layer = v.layer
    local rect = CGRect(0, 0, 100, 100)
    local t = { alpha = 0 }
    local o = { m = function(self) end }
    local out = {}
    out[#out + 1] = "view_alpha=" .. perOperation(function() for i = 1, N do v.alpha = 0.5 end end)
    out[#out + 1] = "table_alpha=" .. perOperation(function() for i = 1, N do t.alpha = 0.5 end end)
    local rawequal = rawequal
    out[#out + 1] = "c_call=" .. perOperation(function() for i = 1, N do rawequal(t, t) end end)
    out[#out + 1] = "view_frame=" .. perOperation(function() for i = 1, N do v.frame = rect end end)
    local readRect = benchReadRect
    out[#out + 1] = "read_rect=" .. perOperation(function() for i = 1, N do readRect(rect) end end)
    out[#out + 1] = "layer_corner=" .. perOperation(function() for i = 1, N do layer.cornerRadius = 8 end end)
    out[#out + 1] = "view_tag=" .. perOperation(function() for i = 1, N do v.tag = 1 end end)
    out[#out + 1] = "view_layout=" .. perOperation(function() for i = 1, N do v:layoutIfNeeded() end end)
    out[#out + 1] = "table_method=" .. perOperation(function() for i = 1, N do o:m() end end)
    return table.concat(out, " ")
    """

func benchBridge(_ rounds: Int) throws -> [BenchFigure] {
    let world = World()
    // An instruction budget, as scripts run with (they pay for its hook and for the charge of
    // each host call), large enough for a round's millions of host calls.
    var options = LuaRuntime.Options()
    options.budget = 1 << 60
    let runtime = try LuaRuntime(world: world, options: options)
    try runtime.evaluate("bridgeView = UIView.new{ frame = CGRect(0, 0, 100, 100) }; transit.window:addSubview(bridgeView)")
    runtime.defineValueReadBaseline("benchReadRect")
    var samples: [String: [Double]] = [:]
    _ = try runtime.evaluate(bridgeRoundSource)  // warm-up: caches, allocator, userdata tables
    for _ in 0..<rounds {
        guard let text = try runtime.evaluate(bridgeRoundSource) else { throw BenchError.roundInvalid("the bridge round returned nothing") }
        for pair in text.split(separator: " ") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            samples[String(parts[0]), default: []].append(value)
        }
    }
    func figure(_ key: String) throws -> [Double] {
        guard let values = samples[key], !values.isEmpty else { throw BenchError.roundInvalid("no samples for \(key)") }
        return values
    }
    let tableWrites = try figure("table_alpha").sorted()
    let tableWrite = formatNumber((tableWrites[tableWrites.count / 2] * 10).rounded() / 10)
    let cCall = try figure("c_call")
    let readRect = try figure("read_rect").sorted()
    let readRectMedian = formatNumber((readRect[readRect.count / 2] * 10).rounded() / 10)
    return [
        BenchFigure.ratio("bridge.property_write", value: try figure("view_alpha"), baseline: cCall,
                          unit: "ns", target: 2, "view.alpha = x vs rawequal(t, t), a bare C function call; a table write costs \(tableWrite) ns here"),
        BenchFigure.ratio("bridge.frame_write", value: try figure("view_frame"), baseline: cCall,
                          unit: "ns", target: 2, "view.frame = r (a CGRect made once) vs rawequal(t, t); a C function that only reads r's four fields as the write does costs \(readRectMedian) ns"),
        // The floor of any CGRect write: the call and the read of the four fields (four keyed
        // raw lookups through the C API), which alone cost more than a bare call.
        BenchFigure.ratio("bridge.frame_write_vs_read", value: try figure("view_frame"), baseline: try figure("read_rect"),
                          unit: "ns", target: 2, "view.frame = r vs a C function that only reads r's fields (transit_pushbenchvalueread, CLua/assignment.c)"),
        BenchFigure.ratio("bridge.layer_corner_radius", value: try figure("layer_corner"), baseline: cCall,
                          unit: "ns", target: 2, "layer.cornerRadius = x vs rawequal(t, t)"),
        // The same crossing into a stored Int: what the bridge costs when the model does nothing.
        BenchFigure.ratio("bridge.property_write_plain", value: try figure("view_tag"), baseline: cCall,
                          unit: "ns", target: 2, "view.tag = 1 (a stored Int in the model) vs rawequal(t, t)"),
        BenchFigure.ratio("bridge.method_call", value: try figure("view_layout"), baseline: try figure("table_method"),
                          unit: "ns", target: 5, "view:layoutIfNeeded() vs o:m() on a Lua table, 10^6 per round"),
    ]
}
