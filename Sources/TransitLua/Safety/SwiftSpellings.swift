import TransitCore

// The spellings a UIKit developer writes for a Transit name (docs/porting.md, "Hook names").
//
// - Hooks: from each hook's Swift declaration (`swift:` in the bindings), the Swift base name
//   alone (`animationController`, `navigationController`), the Swift name with every label run
//   together (`animationControllerForPresentedPresentingSource`), and the Objective-C
//   selector's first part where it is not the Lua name (a small table: Objective-C names are
//   not derivable from Swift's). A function under one of these on an object the engine asks
//   for the protocol's hooks is a `hook-typo` problem naming the Lua form (HookNameCheck.swift).
// - Host methods: a Swift name that is not the Lua name of an existing member
//   (`coordinator:animate(...)`) raises "X is UIKit's Swift name; in Lua call Y(args)" when read;
//   every other unknown member still reads as nil.
// - Argument errors of a few overloaded UIKit names add the Lua forms that take those arguments.

/// One hook and the way it is written in Lua, for messages.
struct HookSpelling {
    let hook: String
    /// UIKit's Swift declaration, "navigationController(_:animationControllerFor:from:to:)".
    let swift: String
    /// "animationControllerForOperation(navigationController, operation, fromVC, toVC)".
    let luaForm: String
    let parameterCount: Int
}

enum SwiftSpellings {
    /// The Swift base name of a declaration: "navigationController" for
    /// "navigationController(_:animationControllerFor:from:to:)", nil for properties.
    static func baseName(_ swift: String) -> String? {
        guard let open = swift.firstIndex(of: "("), !swift.hasPrefix("var "), !swift.hasPrefix("class ") else { return nil }
        return String(swift[..<open])
    }

    /// The argument labels, `_` for none: ["_", "animationControllerFor", "from", "to"].
    static func labels(_ swift: String) -> [String] {
        guard let open = swift.firstIndex(of: "("), let close = swift.lastIndex(of: ")") else { return [] }
        return swift[swift.index(after: open)..<close].split(separator: ":").map(String.init)
    }

    static func capitalised(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// The naming rule (docs/porting.md, "Hook names"): the Lua name of a hook from its Swift
    /// declaration. `types` are the bound classes' and protocols' names, to tell a delegate
    /// method named after its sender (`navigationController(_:…)`: UINavigationController).
    static func ruleName(_ swift: String, types: Set<String>) -> String {
        // A property: its name.
        if swift.hasPrefix("var ") || swift.hasPrefix("class var ") {
            let name = swift.split(separator: " ").first { !["var", "class"].contains($0) } ?? ""
            return String(name.prefix { $0 != ":" })
        }
        guard let base = baseName(swift) else { return swift }
        var labels = labels(swift)
        // 1. Named after its sender: the name starts at the next label (a second object
        //    argument, collectionView(_:layout:…)'s, goes too).
        if labels.first == "_", labels.count > 1, types.contains("UI" + capitalised(base)) {
            labels.removeFirst()
            if labels.first == "layout", labels.count > 1 { labels.removeFirst() }
            return labels[0]
        }
        // 3. A label that only says how the argument relates adds nothing.
        guard let first = labels.first, !relationLabels.contains(first) else { return base }
        // 2. The base name and its first label.
        return base + capitalised(first)
    }

    static let relationLabels: Set<String> = ["_", "using", "in", "of", "for"]

    /// Hooks named before the rule, kept (docs/porting.md lists them with the reason).
    static let ruleExceptions: Set<String> = [
        Hook.ViewController.viewWillTransitionToSize, Hook.NavigationDelegate.animationControllerForOperation,
        Hook.PresentationController.preferredContentSizeDidChange,
        Hook.CollisionBehaviorDelegate.beganContactForItemWithBoundaryIdentifier, Hook.CollisionBehaviorDelegate.beganContactForItemWithItem,
    ]

    /// Objective-C selectors' first parts a port from Objective-C writes, where they are not
    /// the Lua name (hook → spellings).
    static let objectiveC: [String: [String]] = [
        Hook.TransitioningDelegate.animationControllerForPresented: ["animationControllerForPresentedController"],
        Hook.TransitioningDelegate.presentationControllerForPresented: ["presentationControllerForPresentedViewController"],
        Hook.TransitioningDelegate.animationControllerForDismissed: ["animationControllerForDismissedController"],
        Hook.AnimatedTransitioning.transitionDuration: ["transitionDurationWithContext"],
        Hook.NavigationDelegate.animationControllerForOperation: ["navigationControllerAnimationControllerForOperation",
                                                                    "navigationControllerAnimationControllerForOperationFromViewControllerToViewController"],
        Hook.NavigationDelegate.interactionControllerFor: ["interactionControllerForAnimationController",
                                                             "navigationControllerInteractionControllerForAnimationController"],
        Hook.NavigationDelegate.willShow: ["willShowViewController", "navigationControllerWillShowViewController"],
        Hook.NavigationDelegate.didShow: ["didShowViewController", "navigationControllerDidShowViewController"],
        Hook.TabBarControllerDelegate.animationControllerForTransitionFrom: ["animationControllerForTransitionFromViewController",
                                                                               "tabBarControllerAnimationControllerForTransitionFromViewController"],
        Hook.TabBarControllerDelegate.shouldSelect: ["shouldSelectViewController", "tabBarControllerShouldSelectViewController"],
        Hook.ViewController.viewWillTransitionToSize: ["viewWillTransitionToSizeWithTransitionCoordinator"],
    ]

    /// Spelling → the hooks of `hooks` it stands for (a base name shared by several hooks, as
    /// `navigationController` is, stands for the first declared). Lua names and `exclude`
    /// (members of the object's class) are never spellings.
    static func hookSpellings(_ hooks: [APIFunction], exclude: Set<String>) -> [String: HookSpelling] {
        var table: [String: HookSpelling] = [:]
        let names = Set(hooks.map(\.name))
        for hook in hooks where hook.renamedTo == nil {
            guard let swift = hook.swiftName, let base = baseName(swift) else { continue }
            let spelling = HookSpelling(hook: hook.name, swift: swift,
                                        luaForm: "\(hook.name)(\(hook.parameters.map(\.name).joined(separator: ", ")))",
                                        parameterCount: hook.parameters.count)
            let labels = labels(swift).filter { $0 != "_" }
            // A short base name (`size`, for size(forChildContentContainer:...)) is too likely
            // a helper of the script's own, as NearMiss leaves short names alone.
            var candidates = base.count >= NearMiss.minimumLength ? [base] : []
            candidates.append(base + labels.map(capitalised).joined())
            if let first = labels.first { candidates.append(base + capitalised(first)) }
            candidates += objectiveC[hook.name] ?? []
            for candidate in candidates where candidate != hook.name && !names.contains(candidate) && !exclude.contains(candidate) && table[candidate] == nil {
                table[candidate] = spelling
            }
        }
        return table
    }

    /// A Swift (or Objective-C) name of a host member that Lua spells otherwise.
    struct Member {
        /// Bound class whose instances (or class table, for a static) are read.
        let owner: String
        let spelling: String
        /// UIKit's declaration, for the message.
        let swift: String
        /// The Lua member (a method, or a static on the class table) with its arguments, or a
        /// sentence when there is no one member to name.
        let lua: String
        let isStatic: Bool
    }

    static let members: [Member] = [
        Member(owner: "UIViewControllerTransitionCoordinator", spelling: "animate", swift: "animate(alongsideTransition:completion:)",
               lua: "coordinator:animateAlongsideTransition(animation, completion)", isStatic: false),
        Member(owner: "UIViewControllerTransitionCoordinator", spelling: "animateAlongsideTransitionInView",
               swift: "animateAlongsideTransition(in:animation:completion:)",
               lua: "coordinator:animateAlongsideTransitionIn(view, animation, completion)", isStatic: false),
        Member(owner: "UIView", spelling: "insertSubviewBelowSubview", swift: "insertSubview(_:belowSubview:)",
               lua: "view:insertSubviewBelow(view, sibling)", isStatic: false),
        Member(owner: "UIView", spelling: "insertSubviewAboveSubview", swift: "insertSubview(_:aboveSubview:)",
               lua: "view:insertSubviewAbove(view, sibling)", isStatic: false),
        Member(owner: "UIView", spelling: "insertSubviewAtIndex", swift: "insertSubview(_:at:)",
               lua: "view:insertSubview(view, index)", isStatic: false),
        Member(owner: "UIView", spelling: "snapshotViewAfterScreenUpdates", swift: "snapshotView(afterScreenUpdates:)",
               lua: "view:snapshotView(afterScreenUpdates)", isStatic: false),
        Member(owner: "UIView", spelling: "convertRect", swift: "convert(_:to:)", lua: "view:convert(rect, toView) or view:convertFrom(rect, fromView)", isStatic: false),
        Member(owner: "UIView", spelling: "convertPoint", swift: "convert(_:to:)", lua: "view:convert(point, toView) or view:convertFrom(point, fromView)", isStatic: false),
        Member(owner: "UIView", spelling: "animateWithDuration", swift: "animate(withDuration:delay:options:animations:completion:)",
               lua: "UIView.animate{duration=, delay=, options=, animations=, completion=} or UIView.animate(duration, animations, completion)", isStatic: true),
        Member(owner: "UIView", spelling: "animateKeyframesWithDuration", swift: "animateKeyframes(withDuration:delay:options:animations:completion:)",
               lua: "UIView.animateKeyframes{duration=, delay=, options=, animations=, completion=}", isStatic: true),
        Member(owner: "UIView", spelling: "transitionWithView", swift: "transition(with:duration:options:animations:completion:)",
               lua: "UIView.transition{with=view, duration=, options=, animations=, completion=}", isStatic: true),
        Member(owner: "UIView", spelling: "addKeyframeWithRelativeStartTime", swift: "addKeyframe(withRelativeStartTime:relativeDuration:animations:)",
               lua: "UIView.addKeyframe(relativeStartTime, relativeDuration, animations)", isStatic: true),
        Member(owner: "UIPresentationController", spelling: "init", swift: "super.init(presentedViewController:presenting:)",
               lua: "nothing to call: the base is built before a subclass's init runs, with the arguments of UIPresentationController.new(presented, presenting), "
                   + "so a Swift init(presentedViewController:presenting:) is `function MyPresentation:init(presented, presenting) ... end` without the super call",
               isStatic: true),
        Member(owner: "CGAffineTransform", spelling: "scaleX", swift: "CGAffineTransform(scaleX:y:)", lua: "CGAffineTransform.scale(sx, sy)", isStatic: true),
        Member(owner: "CGAffineTransform", spelling: "translationX", swift: "CGAffineTransform(translationX:y:)", lua: "CGAffineTransform.translation(tx, ty)", isStatic: true),
        Member(owner: "CGAffineTransform", spelling: "rotationAngle", swift: "CGAffineTransform(rotationAngle:)", lua: "CGAffineTransform.rotation(angle)", isStatic: true),
        Member(owner: "CGAffineTransform", spelling: "scaledBy", swift: "scaledBy(x:y:)", lua: "transform:scaledBy(sx, sy)", isStatic: true),
    ]

    /// "UIViewControllerTransitionCoordinator.animate is UIKit's Swift name (animate(alongsideTransition:completion:)); in Lua call ...".
    static func message(_ member: Member) -> String {
        let swift = baseName(member.swift) == member.spelling || member.swift.contains("(\(member.spelling):")
        let kind = member.swift.contains("init(") ? "UIKit's Swift initializer" : swift ? "UIKit's Swift name" : "UIKit's Objective-C name"
        let lua = member.lua.hasPrefix("nothing") ? "in Lua there is \(member.lua)" : "in Lua call \(member.lua)"
        return "\(member.owner).\(member.spelling) is \(kind) (\(member.swift)); \(lua)"
    }

    /// Qualified name of a bound function → the Lua forms an argument error names besides its own.
    static let argumentHints: [String: String] = [
        "UIView.animate": "use UIView.animate{duration=, delay=, options=, animations=, completion=} or UIView.animate(duration, animations, completion) "
            + "(Swift's animate(withDuration:delay:options:animations:completion:) takes the options table)",
        "UIView.insertSubview": "insertSubview(view, index) takes a position; Swift's insertSubview(_:belowSubview:) and (_:aboveSubview:) are "
            + "view:insertSubviewBelow(view, sibling) and view:insertSubviewAbove(view, sibling)",
        "CGAffineTransform.new": "CGAffineTransform(a, b, c, d, tx, ty) takes six numbers; Swift's CGAffineTransform(scaleX:y:) is CGAffineTransform.scale(sx, sy), "
            + "(translationX:y:) CGAffineTransform.translation(tx, ty), (rotationAngle:) CGAffineTransform.rotation(angle)",
        "UIViewPropertyAnimator.new": "Swift's UIViewPropertyAnimator(duration:curve:animations:) and (duration:dampingRatio:animations:) are "
            + "UIViewPropertyAnimator.new{duration=, curve=, dampingRatio=, animations=} (see docs/lua-api.md for every option)",
    ]
}
