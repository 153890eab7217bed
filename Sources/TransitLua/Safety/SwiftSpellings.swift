import TransitCore

// The spellings a UIKit developer writes for a Transit name (docs/porting.md, "Hook names").
//
// - Hooks: from each hook's Swift declaration (`swift:` in the bindings), the Swift base name
//   alone (`animationController`, `navigationController`), the Swift name with every label run
//   together (`animationControllerForPresentedPresentingSource`), and the Objective-C
//   selector's first part where it is not the Lua name (a small table: Objective-C names are
//   not derivable from Swift's). A function under one of these on an object the engine asks
//   for the protocol's hooks is a `hook-typo` problem naming the Lua form (HookNameCheck.swift).
// - Host methods: from every bound method's and class function's Swift declaration
//   (SwiftNames.swift), the same forms; one that is not the Lua name of an existing member
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
        Hook.ViewController.viewWillTransitionToSize.rawValue, Hook.NavigationDelegate.animationControllerForOperation.rawValue,
        Hook.PresentationController.preferredContentSizeDidChange.rawValue,
        Hook.CollisionBehaviorDelegate.beganContactForItemWithBoundaryIdentifier.rawValue, Hook.CollisionBehaviorDelegate.beganContactForItemWithItem.rawValue,
    ]

    /// Objective-C selectors' first parts a port from Objective-C writes, where they are not
    /// the Lua name (hook → spellings).
    static let objectiveC: [String: [String]] = [
        Hook.TransitioningDelegate.animationControllerForPresented.rawValue: ["animationControllerForPresentedController"],
        Hook.TransitioningDelegate.presentationControllerForPresented.rawValue: ["presentationControllerForPresentedViewController"],
        Hook.TransitioningDelegate.animationControllerForDismissed.rawValue: ["animationControllerForDismissedController"],
        Hook.AnimatedTransitioning.transitionDuration.rawValue: ["transitionDurationWithContext"],
        Hook.NavigationDelegate.animationControllerForOperation.rawValue: ["navigationControllerAnimationControllerForOperation",
                                                                    "navigationControllerAnimationControllerForOperationFromViewControllerToViewController"],
        Hook.NavigationDelegate.interactionControllerFor.rawValue: ["interactionControllerForAnimationController",
                                                             "navigationControllerInteractionControllerForAnimationController"],
        Hook.NavigationDelegate.willShow.rawValue: ["willShowViewController", "navigationControllerWillShowViewController"],
        Hook.NavigationDelegate.didShow.rawValue: ["didShowViewController", "navigationControllerDidShowViewController"],
        Hook.TabBarControllerDelegate.animationControllerForTransitionFrom.rawValue: ["animationControllerForTransitionFromViewController",
                                                                               "tabBarControllerAnimationControllerForTransitionFromViewController"],
        Hook.TabBarControllerDelegate.shouldSelect.rawValue: ["shouldSelectViewController", "tabBarControllerShouldSelectViewController"],
        Hook.ViewController.viewWillTransitionToSize.rawValue: ["viewWillTransitionToSizeWithTransitionCoordinator"],
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

    /// Every host member's spellings, from the Swift declarations (SwiftNames.swift), and the
    /// sentences no declaration gives.
    static let members: [Member] = derivedMembers(TransitAPI.description) + explained

    /// Members whose Swift form has no one Lua member to name.
    static let explained: [Member] = [
        Member(owner: "UIPresentationController", spelling: "init", swift: "super.init(presentedViewController:presenting:)",
               lua: "nothing to call: the base is built before a subclass's init runs, with the arguments of UIPresentationController.new(presented, presenting), "
                   + "so a Swift init(presentedViewController:presenting:) is `function MyPresentation:init(presented, presenting) ... end` without the super call",
               isStatic: true),
    ]

    /// The spellings of one bound function a UIKit developer writes, from its Swift declaration:
    /// the base name alone (`animate` for animate(alongsideTransition:completion:)), the labels
    /// run together, the base name with its first label (`snapshotViewAfterScreenUpdates`, which
    /// is also the Objective-C selector's first part), for a named initialiser its first label
    /// (`CGAffineTransform(scaleX:y:)`: `scaleX`), and the declared other spellings.
    static func spellings(luaName: String, swift: String, others: [String]) -> [String] {
        var candidates: [String] = []
        if let base = baseName(swift) {
            let allLabels = labels(swift)
            let labels = allLabels.filter { $0 != "_" }
            if base == "init" {
                if luaName != "new", let first = labels.first { candidates.append(first) }
            } else if !base.hasPrefix("CATransform3D") {
                // A short base name (`add`, `move`) is too likely a script's own helper.
                if base.count >= NearMiss.minimumLength { candidates.append(base) }
                if !labels.isEmpty { candidates.append(base + labels.map(capitalised).joined()) }
                if let first = labels.first, allLabels.first != "_" { candidates.append(base + capitalised(first)) }
            }
        }
        return (candidates + others).filter { $0 != luaName }
    }

    static func derivedMembers(_ api: APIDescription) -> [Member] {
        var result: [Member] = []
        for cls in api.classes {
            var known = Set<String>()
            for ancestor in api.lineage(cls.name) {
                known.formUnion(ancestor.properties.map(\.name) + ancestor.methods.map(\.name) + ancestor.functions.map(\.name)
                                + ancestor.hooks.map(\.name) + ancestor.constants.map(\.name))
            }
            var taken = Set<String>()
            for (function, isStatic) in cls.methods.map({ ($0, false) }) + cls.functions.map({ ($0, true) }) {
                guard let swift = function.swiftName else { continue }
                let qualified = "\(cls.name).\(function.name)"
                for spelling in spellings(luaName: function.name, swift: swift, others: SwiftNames.otherSpellings[qualified] ?? [])
                where !known.contains(spelling) && taken.insert(spelling).inserted {
                    result.append(Member(owner: cls.name, spelling: spelling, swift: swift,
                                         lua: SwiftNames.luaForms[qualified] ?? luaForm(cls, function, isStatic: isStatic), isStatic: isStatic))
                }
            }
        }
        return result
    }

    /// "view:insertSubviewBelow(view, sibling)", "UIView.animate(durationOrOptions, animations, completion)".
    static func luaForm(_ cls: APIClass, _ function: APIFunction, isStatic: Bool) -> String {
        let arguments = "(" + function.parameters.map(\.name).joined(separator: ", ") + ")"
        if isStatic { return "\(cls.name).\(function.name)\(arguments)" }
        return "\(receiverName(cls.name)):\(function.name)\(arguments)"
    }

    /// How an example names an instance: the class name's last word ("coordinator", "view"),
    /// `ctx` for the transition context as the docs write it.
    static func receiverName(_ className: String) -> String {
        if className.hasPrefix("UIViewControllerContextTransitioning") { return "ctx" }
        let last = className.lastIndex { $0.isUppercase } ?? className.startIndex
        let word = String(className[last...])
        guard word == "View" || word == "Controller" else { return word.lowercased() }
        // "collectionView", "navigationController": the whole name reads better.
        var name = Substring(className)
        for prefix in ["UI", "NS"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// "UIViewControllerTransitionCoordinator.animate is UIKit's Swift name (animate(alongsideTransition:completion:)); in Lua call ...".
    static func message(_ member: Member) -> String {
        // An initialiser reads as Swift calls it: CGAffineTransform(scaleX:y:).
        let declaration = member.swift.hasPrefix("init(") ? member.owner + member.swift.dropFirst(4) : member.swift
        let swift = baseName(declaration) == member.spelling || declaration.contains("(\(member.spelling):")
        let kind = declaration.contains("init(") ? "UIKit's Swift initializer" : swift ? "UIKit's Swift name" : "UIKit's Objective-C name"
        let lua = member.lua.hasPrefix("nothing") ? "in Lua there is \(member.lua)" : "in Lua call \(member.lua)"
        return "\(member.owner).\(member.spelling) is \(kind) (\(declaration)); \(lua)"
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
