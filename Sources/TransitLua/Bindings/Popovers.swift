import CLua
import TransitCore

// UIPopoverPresentationController, UIPopoverArrowDirection, UIViewController's
// popoverPresentationController and the UIPopoverPresentationControllerDelegate protocol.

extension TransitAPI {
    nonisolated(unsafe) static let popoverEnums: [APIEnum] = [
        APIEnum(name: "UIPopoverArrowDirection", cases: PopoverArrowDirection.allCases.map(\.rawValue),
                doc: "UIPopoverPresentationController.permittedArrowDirections entries (\"any\": all four) and arrowDirection (\"unknown\" before layout)"),
    ]

    static func viewControllerPopoverProperty() -> APIProperty {
        property("popoverPresentationController", .optional(.object("UIPopoverPresentationController")),
                 "the popover's controller: non-nil once modalPresentationStyle is \"popover\" (before presenting too, and the presentation uses it), and while presented as, or adapted from, a popover", of: ViewController.self,
                 get: { call, c in call.push(try c.popoverPresentationController()) })
    }

    static func popoverClass() -> APIClass {
        var cls = APIClass(name: "UIPopoverPresentationController", superclass: "UIPresentationController",
                           doc: "UIKit's controller for the popover style: anchor, arrow directions, margins; scripts/system/popover.lua subclasses it.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is PopoverPresentationController }
        cls.constructorParameters = [parameter("presented", .object("UIViewController")), parameter("presenting", .optional(.object("UIViewController")))]
        cls.construct = { call in
            let presented = try call.object(1, ViewController.self)
            let presenting = try call.optionalObject(2, ViewController.self)
                ?? call.runtime.world.window.rootViewController ?? presented
            return PopoverPresentationController(world: call.runtime.world, presented: presented, presenting: presenting)
        }
        typealias P = PopoverPresentationController
        cls.properties = [
            property("sourceView", .optional(.object("", View.self)), "the view the popover is anchored to (required before presenting as a popover)", of: P.self,
                     get: { call, p in call.push(p.sourceView) }, set: { call, p, newValue in p.sourceView = newValue }),
            property("sourceRect", .value(Rect.self), "the rectangle in sourceView the arrow points at; unset, the source view's bounds (iOS 13.2+; CGRectZero before)", of: P.self,
                     get: { call, p in call.push(p.effectiveSourceRect) }, set: { call, p, newValue in
                         guard newValue.isFinite else { throw call.fail("must be a finite CGRect (got \(newValue))") }
                         p.sourceRect = newValue
                     }),
            property("permittedArrowDirections", .list(.enumeration("UIPopoverArrowDirection")), "the sides the arrow may point from (default { \"any\" }; {} for no arrow)", of: P.self,
                     get: { call, p in
                         let names = PopoverArrowDirection.allCases.filter(p.permittedArrowDirections.contains)
                         lua_createtable(call.L, Int32(names.count), 0)
                         for (i, entry) in names.enumerated() {
                             lua_pushstring(call.L, entry.rawValue)
                             lua_rawseti(call.L, -2, lua_Integer(i + 1))
                         }
                     },
                     set: { call, p in
                         let directions = Set(try call.enumList(1, PopoverArrowDirection.self, "UIPopoverArrowDirection"))
                         guard !directions.contains(.unknown) else { throw call.fail("\"unknown\" is what arrowDirection reads before layout, not a direction to permit") }
                         p.permittedArrowDirections = directions
                     }),
            property("arrowDirection", .enumeration("UIPopoverArrowDirection"), "read-only: the way the arrow points once laid out (\"up\": the popover is below its source), \"unknown\" before", of: P.self,
                     get: { call, p in call.push(p.arrowDirection.rawValue) }),
            property("arrowOffset", .number, "read-only (UIPopoverBackgroundView's name): the arrow's offset from the middle of its side", of: P.self,
                     get: { call, p in call.push(p.arrowOffset) }),
            property("backgroundColor", .optional(.value(Color.self)), "the popover's colour, arrow included (nil: white)", \P.backgroundColor),
            property("popoverLayoutMargins", .value(EdgeInsets.self), "kept between the popover and the safe area (default 10 on each side)", of: P.self,
                     get: { call, p in call.runtime.push(p.popoverLayoutMargins) }, set: { call, p, newValue in
                         guard [newValue.top, newValue.left, newValue.bottom, newValue.right].allSatisfy(\.isFinite) else { throw call.fail("must be finite") }
                         p.popoverLayoutMargins = newValue
                     }),
            property("canOverlapSourceViewRect", .boolean(), "when no side has room, keep the popover's size and let it cover the source (default false: shrink it)", \P.canOverlapSourceViewRect),
        ]
        cls.methods = [
            method("frameOfPresentedViewInContainerView", [], returns: .value("CGRect"), "beside the source on the first permitted side where it fits, inside the safe area less popoverLayoutMargins", of: P.self) { call, p in
                call.push(try p.layout().frame); return 1
            },
            method("layoutPopover", [], returns: .value("CGRect"), "Transit: lays the popover out now (sets arrowDirection and arrowOffset) and returns the presented view's frame", of: P.self) { call, p in
                call.push(try p.applyLayout().frame); return 1
            },
            method("arrowHeight", [], returns: .number, "UIPopoverBackgroundView.arrowHeight(): 13", of: P.self) { call, _ in
                call.push(PopoverPresentationController.arrowHeight); return 1
            },
            method("arrowBase", [], returns: .number, "UIPopoverBackgroundView.arrowBase(): 26", of: P.self) { call, _ in
                call.push(PopoverPresentationController.arrowBase); return 1
            },
            method("shouldRemovePresentersView", [], returns: .boolean, "false: the presenter stays", of: P.self) { call, _ in
                call.push(false); return 1
            },
            method("adaptivePresentationStyle", .checked("traitCollection", .object("UITraitCollection")), returns: .optional(.string),
                   doc: "asks the delegate; without one, \"pageSheet\" in compact width (\"fullScreen\" before iOS 13), else nil", of: P.self) { call, p, _ in
                guard let traits = call.runtime.object(at: call.index(1)) as? TraitCollection else { call.pushNil(); return 1 }
                if let delegate = p.delegate, try call.runtime.world.responds(delegate, Hook.AdaptivePresentationDelegate.adaptivePresentationStyle) {
                    call.runtime.push(try call.runtime.world.callScript(delegate, Hook.AdaptivePresentationDelegate.adaptivePresentationStyle, [.object(p), .object(traits)]))
                    return 1
                }
                call.runtime.push(p.defaultAdaptivePresentationStyle(traits: traits))
                return 1
            },
        ]
        return cls
    }

    static func popoverProtocols() -> [APIProtocol] {
        typealias H = Hook.PopoverPresentationDelegate
        let popover = [parameter("popoverPresentationController", .object("UIPopoverPresentationController"))]
        return [
            APIProtocol(
                name: H.protocolName,
                doc: "A popover's delegate (also a UIAdaptivePresentationControllerDelegate: adaptivePresentationStyle \"none\" keeps a popover in compact width).",
                hooks: [
                    hook(H.prepareForPopoverPresentation, popover, swift: "optional func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)",
                         "the popover is about to be presented as a popover (set sourceView here at the latest)"),
                    hook(H.popoverPresentationControllerShouldDismissPopover, popover, returns: .boolean,
                         swift: "optional func popoverPresentationControllerShouldDismissPopover(_ popoverPresentationController: UIPopoverPresentationController) -> Bool",
                         "deprecated in iOS 13: asked after presentationControllerShouldDismiss when the user taps outside; false keeps it"),
                    hook(H.popoverPresentationControllerDidDismissPopover, popover,
                         swift: "optional func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: UIPopoverPresentationController)",
                         "deprecated in iOS 13: a tap outside dismissed it"),
                ],
                usedAs: "popoverPresentationController.delegate"),
        ]
    }
}
