import CLua
import TransitCore

// UIFeedbackGenerator and its three subclasses: accepted, and shown in the trace
// (TransitCore/Feedback/FeedbackGenerator.swift), since haptics have no picture.

extension TransitAPI {
    static func feedbackClasses() -> [APIClass] {
        var base = APIClass(name: "UIFeedbackGenerator", superclass: "NSObject", doc: "Haptic feedback; each call is recorded in the trace.", isValue: false)
        base.matches = { $0 is FeedbackGenerator }
        base.methods = [
            method("prepare", [], "readies the engine (recorded in the trace)", of: FeedbackGenerator.self) { _, g in
                g.prepare(); return 0
            },
        ]

        var selection = APIClass(name: "UISelectionFeedbackGenerator", superclass: "UIFeedbackGenerator", doc: "Feedback for a changed selection.", isValue: false)
        selection.matches = { ($0 as? FeedbackGenerator)?.kind == .selection }
        selection.construct = { call in FeedbackGenerator.make(world: call.runtime.world, kind: .selection) }
        selection.methods = [
            method("selectionChanged", [], "the selection changed", of: FeedbackGenerator.self) { _, g in
                g.selectionChanged(); return 0
            },
        ]

        var impact = APIClass(name: "UIImpactFeedbackGenerator", superclass: "UIFeedbackGenerator", doc: "Feedback for a physical impact.", isValue: false)
        impact.matches = { ($0 as? FeedbackGenerator)?.kind == .impact }
        impact.constructorParameters = [parameter("style", .optional(.union([.enumeration("UIImpactFeedbackStyle"), .options(impactOptions)])),
                                                  "a style, or {style = ...} as Swift's init(style:); default \"medium\"")]
        impact.construct = { call in
            var style: ImpactStyle?
            if call.isTable(1) {
                try call.checkOptions(1, impactOptions)
                if call.field(1, "style") {
                    defer { transit_pop(call.L, 1) }
                    guard let text = call.runtime.string(at: -1), let value = ImpactStyle(rawValue: text) else {
                        throw call.fail("option style must be one of \(ImpactStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) (got \(call.runtime.typeDescription(at: -1)))")
                    }
                    style = value
                } else {
                    transit_pop(call.L, 1)
                }
            } else if !call.isNil(1) {
                style = try call.enumeration(1, ImpactStyle.self, "UIImpactFeedbackStyle")
            }
            return FeedbackGenerator.make(world: call.runtime.world, kind: .impact, style: style)
        }
        impact.properties = [
            property("style", .enumeration("UIImpactFeedbackStyle"), "the style it was made with", of: FeedbackGenerator.self,
                     get: { call, g in call.push(g.style?.rawValue) }),
        ]
        impact.methods = [
            method("impactOccurred", .checked("intensity", .optional(.number), "0...1 (default 1; clamped)"),
                   doc: "an impact happened", of: FeedbackGenerator.self) { call, g, _ in
                let intensity = call.isNil(1) ? 1 : try call.finite(1, "intensity")
                g.impactOccurred(intensity: min(max(intensity, 0), 1)); return 0
            },
        ]

        var notification = APIClass(name: "UINotificationFeedbackGenerator", superclass: "UIFeedbackGenerator", doc: "Feedback for a task's success, warning or error.", isValue: false)
        notification.matches = { ($0 as? FeedbackGenerator)?.kind == .notification }
        notification.construct = { call in FeedbackGenerator.make(world: call.runtime.world, kind: .notification) }
        notification.methods = [
            method("notificationOccurred", .enumeration("type", NotificationFeedbackType.self, "UINotificationFeedbackType"),
                   doc: "a task succeeded, warned or failed", of: FeedbackGenerator.self) { call, g, typeValue in
                g.notificationOccurred(typeValue); return 0
            },
        ]
        return [base, selection, impact, notification]
    }
}

extension TransitAPI {
    static let impactOptions = OptionTable("UIImpactFeedbackGenerator.Options", "UIImpactFeedbackGenerator{...} (Swift's init(style:))", [
        .optional("style", .enumeration("UIImpactFeedbackStyle"), "default \"medium\""),
    ])
}
