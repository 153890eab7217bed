import CLua
import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 9, items 1 and 2: the protocols in the API description, and no silent typos. Expected
// names are UIKit's (its documentation's Swift declarations), not whatever Transit prints.

/// Runs `source` as an effect file named `name` in the default scene; returns the world.
private func runEffect(_ source: String, named name: String) throws -> World {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-safety-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(name)
    try Data(source.utf8).write(to: file)
    let world = World(device: Device.named("iPhone 15")!)
    let runtime = try LuaRuntime(world: world)
    runtime.output = { _ in }
    var run = SceneRun()
    run.effectScene = try #require(LuaRuntime.defaultScriptsDirectory).appendingPathComponent("scenes/default.lua")
    try runtime.runScene(file, run)
    return world
}

@Suite struct ProtocolDescriptionTests {
    private let api = LuaRuntime.apiDescription

    private func hook(_ proto: String, _ name: String) -> APIFunction? {
        api.protocolNamed(proto)?.hooks.first { $0.name == name }
    }

    /// Each hook carries UIKit's Swift declaration, and whether UIKit requires it.
    @Test func hooksCarryUIKitsSwiftNamesAndWhetherTheyAreRequired() throws {
        let expected: [(String, String, String, Bool)] = [
            ("UIViewControllerAnimatedTransitioning", "transitionDuration", "transitionDuration(using:)", true),
            ("UIViewControllerAnimatedTransitioning", "animateTransition", "animateTransition(using:)", true),
            ("UIViewControllerAnimatedTransitioning", "animationEnded", "animationEnded(_:)", false),
            ("UIViewControllerAnimatedTransitioning", "interruptibleAnimator", "interruptibleAnimator(using:)", false),
            ("UIViewControllerInteractiveTransitioning", "startInteractiveTransition", "startInteractiveTransition(_:)", true),
            ("UIViewControllerTransitioningDelegate", "animationControllerForPresented", "animationController(forPresented:presenting:source:)", false),
            ("UIViewControllerTransitioningDelegate", "animationControllerForDismissed", "animationController(forDismissed:)", false),
            ("UIViewControllerTransitioningDelegate", "interactionControllerForPresentation", "interactionControllerForPresentation(using:)", false),
            ("UIViewControllerTransitioningDelegate", "interactionControllerForDismissal", "interactionControllerForDismissal(using:)", false),
            ("UIViewControllerTransitioningDelegate", "presentationController", "presentationController(forPresented:presenting:source:)", false),
            ("UINavigationControllerDelegate", "animationControllerForOperation", "navigationController(_:animationControllerFor:from:to:)", false),
            ("UINavigationControllerDelegate", "interactionControllerFor", "navigationController(_:interactionControllerFor:)", false),
            ("UIAdaptivePresentationControllerDelegate", "adaptivePresentationStyle", "adaptivePresentationStyle(for:traitCollection:)", false),
        ]
        for (proto, name, swift, required) in expected {
            let h = try #require(hook(proto, name), "\(proto).\(name) is described")
            #expect(h.swiftName == swift, "\(proto).\(name)")
            #expect(h.isRequired == required, "\(proto).\(name)")
        }
        // The parameters are what UIKit passes, in its order.
        #expect(hook("UIViewControllerAnimatedTransitioning", "animateTransition")?.parameters.map(\.type)
                == [.object("UIViewControllerContextTransitioning")])
        #expect(hook("UIViewControllerTransitioningDelegate", "animationControllerForPresented")?.parameters.map(\.name)
                == ["presented", "presenting", "source"])
        #expect(hook("UIViewControllerAnimatedTransitioning", "transitionDuration")?.returns == .number)
        // UIPresentationController's overridable members, with their Swift declarations.
        let pc = try #require(api.cls("UIPresentationController"))
        let pcHooks = Dictionary(uniqueKeysWithValues: pc.hooks.map { ($0.name, $0.swiftName) })
        #expect(pcHooks["presentationTransitionWillBegin"] == "presentationTransitionWillBegin()")
        #expect(pcHooks["dismissalTransitionDidEnd"] == "dismissalTransitionDidEnd(_:)")
        #expect(pcHooks["sizeForChildContentContainer"] == "size(forChildContentContainer:withParentContainerSize:)")
        #expect(pcHooks["shouldPresentInFullscreen"] != nil)
    }

    /// The engine's hook constants and the description declare the same names, so neither can
    /// gain or rename a hook without the other.
    @Test func theEnginesHookConstantsAndTheDescriptionAgree() throws {
        for (name, hooks) in Hook.protocols {
            let described = try #require(api.protocolNamed(name), "\(name) is described")
            // A renamed hook's former name is described (deprecated) after the hooks; the engine
            // calls it only through Hook.formerNames.
            #expect(described.hooks.filter { $0.renamedTo == nil }.map(\.name) == hooks, "\(name)")
            for former in described.hooks where former.renamedTo != nil {
                #expect(Hook.formerNames[former.renamedTo!] == former.name, "\(former.name)")
            }
        }
        #expect(api.protocols.map(\.name) == Hook.protocols.map(\.name))
        for (name, hooks) in Hook.classes {
            #expect(Set(api.cls(name)?.hooks.map(\.name) ?? []) == Set(hooks), "\(name)")
        }
    }

    @Test func theStubsDeclareEachProtocolAsAClassWithTypedHooks() {
        let stubs = api.luaLanguageServerDefinitions
        for proto in ["UIViewControllerAnimatedTransitioning", "UIViewControllerInteractiveTransitioning",
                      "UIViewControllerTransitioningDelegate", "UINavigationControllerDelegate",
                      "UIAdaptivePresentationControllerDelegate"] {
            #expect(stubs.contains("\n---@class \(proto)\n"), "\(proto)")
        }
        // Required hooks are plain fields, optional ones are marked optional; both typed.
        #expect(stubs.contains("---@field animateTransition fun(self: UIViewControllerAnimatedTransitioning, transitionContext: UIViewControllerContextTransitioning)"))
        #expect(stubs.contains("---@field animationEnded? fun(self: UIViewControllerAnimatedTransitioning, transitionCompleted: boolean)"))
        #expect(stubs.contains("---@field interactionControllerForDismissal? fun(self: UIViewControllerTransitioningDelegate, animator: UIViewControllerAnimatedTransitioning): UIViewControllerInteractiveTransitioning?"))
        let markdown = api.markdownReference
        #expect(markdown.contains("## Protocols"))
        #expect(markdown.contains("`animationController(forPresented:presenting:source:)`"))
    }
}

@Suite struct HookTypoTests {
    /// Exactly one problem: the typo's id, the definition's file and line, and the hook.
    private func expectOneTypo(_ world: World, at place: String, meaning hook: String) {
        #expect(world.problems.count == 1, "\(world.problems)")
        guard let problem = world.problems.first else { return }
        // Lua's short source names the file (a long path keeps only its end, as in errors).
        #expect(world.problemRecords.first?.id == .hookTypo, "\(problem)")
        #expect(problem.contains("/\(place): "), "\(problem)")
        #expect(problem.hasSuffix("did you mean `\(hook)`?"), "\(problem)")
    }

    @Test func aMisspeltAnimatorMethodIsReportedWhereItIsDefined() throws {
        let world = try runEffect("""
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration(ctx) return 0.3 end
            function Fade:animateTransiton(ctx)
              ctx:completeTransition(true)
            end
            -- The transition still runs (through the interruptible animator), so the typo is
            -- the only thing wrong.
            function Fade:interruptibleAnimator(ctx)
              local presenting = ctx:viewController("to").presentingViewController == ctx:viewController("from")
              local view = presenting and ctx:view("to") or ctx:view("from")
              if presenting then ctx.containerView:addSubview(view) end
              if self.animator then return self.animator end
              local animator = UIViewPropertyAnimator.new{ duration = 0.3, curve = "linear" }
              animator:addAnimations(function() view.alpha = presenting and 1 or 0 end)
              animator:addCompletion(function() self.animator = nil; ctx:completeTransition(not ctx.transitionWasCancelled) end)
              self.animator = animator
              return animator
            end
            return Fade.new()
            """, named: "fade.lua")
        expectOneTypo(world, at: "fade.lua:3", meaning: "animateTransition")
    }

    @Test func aMisspeltPresentationControllerOverrideIsReported() throws {
        let world = try runEffect("""
            local Card = UIPresentationController:subclass("CardPresentationController")
            function Card:frameOfPresentedViewInContainerView()
              return self.containerView.bounds:insetBy(20, 80)
            end

            function Card:presentationTransitionWillBegn()
              self.dimmingView = UIView.new{ backgroundColor = UIColor.black }
            end
            return Card
            """, named: "card.lua")
        expectOneTypo(world, at: "card.lua:6", meaning: "presentationTransitionWillBegin")
    }

    @Test func aMisspeltKeyOfADelegateTableIsReported() throws {
        let world = try runEffect("""
            local Slide = {}
            function Slide:transitionDuration() return 0.2 end
            function Slide:animateTransition(ctx)
              local view = ctx:view("to")
              if ctx:viewController("to").presentingViewController == ctx:viewController("from") then
                ctx.containerView:addSubview(view)
              end
              ctx:completeTransition(true)
            end
            return {
              animationControllerForPresented = function() return Slide end,
              animationControllerForDismissed = function() return Slide end,
              interactionControllerForDismisal = function(self, animator)
                return nil
              end,
            }
            """, named: "slide.lua")
        expectOneTypo(world, at: "slide.lua:13", meaning: "interactionControllerForDismissal")
    }

    /// An animator whose delegate hooks are forwarded by the effect wrapper is checked for
    /// those too, and a function stored on an instance counts like a method.
    @Test func aFunctionStoredOnAnInstanceIsCheckedToo() throws {
        let world = try runEffect("""
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration(ctx) return 0.2 end
            function Fade:animateTransition(ctx)
              local view = ctx:view("to")
              if ctx:viewController("to").presentingViewController == ctx:viewController("from") then
                ctx.containerView:addSubview(view)
              end
              ctx:completeTransition(true)
            end
            local fade = Fade.new()
            fade.animationEndd = function(self, completed) end
            return fade
            """, named: "stored.lua")
        expectOneTypo(world, at: "stored.lua:11", meaning: "animationEnded")
    }

    /// Correct names, and names of one's own far from any hook, are no problem.
    @Test func correctHooksAndOwnHelpersAreNotReported() throws {
        let world = try runEffect("""
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration(ctx) return 0.2 end
            function Fade:slideIn(view) view.alpha = 1 end
            function Fade:animateTransition(ctx)
              local view = ctx:view("to")
              if ctx:viewController("to").presentingViewController == ctx:viewController("from") then
                ctx.containerView:addSubview(view)
                self:slideIn(view)
              end
              ctx:completeTransition(true)
            end
            function Fade:animationEnded(completed) end
            return Fade.new()
            """, named: "good.lua")
        #expect(world.problems.isEmpty, "\(world.problems)")
    }

    @Test func nearMissesAreMeasuredAsDamerauLevenshteinIgnoringCase() {
        #expect(NearMiss.distance("animateTransiton", "animateTransition") == 1)
        #expect(NearMiss.distance("alpah", "alpha") == 1)            // a swap of neighbours costs 1
        #expect(NearMiss.distance("backgroundcolor", "backgroundColor") == 0)
        #expect(NearMiss.distance("presentationTransitionWillBegn", "presentationTransitionWillBegin") == 1)
        #expect(NearMiss.suggestion(for: "interactionControllerForDismisal",
                                    among: Hook.TransitioningDelegate.all) == "interactionControllerForDismissal")
        // Short names are never "corrected", and names far apart are not near misses.
        #expect(NearMiss.suggestion(for: "tga", among: ["tag"]) == nil)
        #expect(NearMiss.suggestion(for: "slideIn", among: Hook.AnimatedTransitioning.all) == nil)
    }
}

/// The first line of the message a chunk raises (the traceback follows it).
private func firstLine(_ h: Harness, _ source: String) throws -> String? {
    try h.error(source).map { String($0.split(separator: "\n", maxSplits: 1).first ?? "") }
}

@Suite struct UnknownMemberTests {
    @Test func anUnknownPropertyOnABuiltInViewIsAnErrorWithASuggestion() throws {
        let h = try Harness()
        let alpah = try #require(try h.error("local view = UIView.new()\nview.alpah = 0"))
        #expect(alpah.hasPrefix("test.lua:2: UIView has no property \"alpah\"; did you mean \"alpha\"? To keep your own data on a view, subclass it"), "\(alpah)")
        let colour = try #require(try h.error("local view = UIView.new()\nview.backgroundcolor = UIColor.red"))
        #expect(colour.hasPrefix("test.lua:2: UIView has no property \"backgroundcolor\"; did you mean \"backgroundColor\"?"), "\(colour)")
        // Nothing was kept.
        #expect(try h.run("local view = UIView.new(); pcall(function() view.alpah = 0 end); return tostring(view.alpha)") == "1.0")
    }

    @Test func instancesOfLuaSubclassesKeepFreeFields() throws {
        let h = try Harness()
        #expect(try h.run("""
            local Card = UIView:subclass("Card")
            local card = Card.new()
            card.note = "kept"
            card.alpah = 2  -- a field of the subclass's own, however close to a property
            local optional = card.someOptionalThing and "set" or "unset"
            return card.note .. " " .. card.alpah .. " " .. optional .. " " .. tostring(card.alpha)
            """) == "kept 2 unset 1.0")
    }

    /// A function stored under a hook's name on a built-in instance overrides it, as before.
    @Test func aHookMayStillBeOverriddenOnABuiltInInstance() throws {
        let h = try Harness()
        try h.run("""
            presented = UIViewController.new()
            pc = UIPresentationController.new(presented)
            pc.frameOfPresentedViewInContainerView = function(self) return CGRect(1, 2, 3, 4) end
            """)
        lua_getglobal(h.runtime.L, "pc")
        let controller = try #require(h.runtime.object(at: -1) as? PresentationController)
        lua_settop(h.runtime.L, 0)
        #expect(h.runtime.overrides(controller, Hook.PresentationController.frameOfPresentedViewInContainerView))
        let hookValue = try #require(try h.error("UIView.new().layoutSubviews = 3"))
        #expect(hookValue.contains("UIView.layoutSubviews"), "\(hookValue)")
        let misspelt = try #require(try h.error("local pc = UIPresentationController.new(UIViewController.new())\npc.presentationTransitionWillBegn = function() end"))
        #expect(misspelt.contains("did you mean \"presentationTransitionWillBegin\"?"), "\(misspelt)")
    }

    /// A plain built-in instance used as animator and delegate (hooks stored on it) still runs
    /// as an effect: the effect wrapper stores nothing on it.
    @Test func aBuiltInInstanceWithStoredHooksRunsAsAnEffect() throws {
        let world = try runEffect("""
            local t = UIPercentDrivenInteractiveTransition.new()
            t.transitionDuration = function() return 0.2 end
            t.animateTransition = function(self, ctx)
              if ctx:viewController("to").presentingViewController == ctx:viewController("from") then
                ctx.containerView:addSubview(ctx:view("to"))
              end
              ctx:completeTransition(true)
            end
            t.animationControllerForPresented = function(self) return self end
            t.animationControllerForDismissed = function(self) return self end
            return t
            """, named: "plain.lua")
        #expect(world.problems.isEmpty, "\(world.problems)")
        #expect(world.trace.entries.contains { $0.hook == "animateTransition" })
    }

    @Test func aUIKitMemberTransitLacksSaysSoByName() throws {
        let h = try Harness()
        // performSegue(withIdentifier:sender:) is UIViewController's in UIKit.
        #expect(try firstLine(h, "local vc = UIViewController.new()\nvc:performSegue('next', nil)")
                == "test.lua:2: UIViewController.performSegue is not available in Transit")
        // The same on an instance of a Lua subclass, and for properties (CALayer.contentsRect).
        #expect(try firstLine(h, "local Screen = UIViewController:subclass('Screen')\nScreen.new():showDetailViewController(nil, nil)")
                == "test.lua:2: UIViewController.showDetailViewController is not available in Transit")
        #expect(try firstLine(h, "local view = UIView.new()\nview.layer.contentsRect = 1")
                == "test.lua:2: CALayer.contentsRect is not available in Transit")
        #expect(try firstLine(h, "local view = UIView.new()\nlocal preserves = view.preservesSuperviewLayoutMargins")
                == "test.lua:2: UIView.preservesSuperviewLayoutMargins is not available in Transit")
    }

    /// A UIKit class Transit lacks names itself; other unknown globals still read as nil.
    @Test func aUIKitClassTransitLacksSaysSoByName() throws {
        let h = try Harness()
        #expect(try firstLine(h, "local x = 1\nlocal emitter = CAEmitterLayer.new()")
                == "test.lua:2: CAEmitterLayer is not available in Transit")
        #expect(try firstLine(h, "CAReplicatorLayer.new()") == "test.lua:1: CAReplicatorLayer is not available in Transit")
        #expect(try h.run("return tostring(SomeGlobalOfMyOwn)") == "nil")
        let api = LuaRuntime.apiDescription
        #expect(Set(api.classes.map(\.name)).isDisjoint(with: api.unavailableClasses))
    }

    @Test func readingANearMissOfAMemberOnABuiltInSuggestsIt() throws {
        let h = try Harness()
        let message = try #require(try h.error("local view = UIView.new()\nview:addSubveiw(UIView.new())"))
        #expect(message.hasPrefix("test.lua:2: UIView has no member \"addSubveiw\"; did you mean \"addSubview\"?"), "\(message)")
        // A name that is no near miss reads as nil, as any optional check expects.
        #expect(try h.run("return tostring(UIView.new().someOptionalThing)") == "nil")
    }

    /// UIViewController.topLayoutGuide and bottomLayoutGuide (deprecated in iOS 11, still in
    /// UIKit) are UIKit members Transit lacks: reading one says so, on subclasses too.
    @Test func readingTopLayoutGuideSaysItIsNotAvailable() throws {
        let h = try Harness()
        #expect(try firstLine(h, "local vc = UIViewController.new()\nlocal guide = vc.topLayoutGuide")
                == "test.lua:2: UIViewController.topLayoutGuide is not available in Transit")
        #expect(try firstLine(h, "local S = UIViewController:subclass('S')\nlocal guide = S.new().bottomLayoutGuide")
                == "test.lua:2: UIViewController.bottomLayoutGuide is not available in Transit")
    }

    /// Every UIKit, Core Animation, Foundation or Core Graphics global Transit does not define
    /// (UIPageViewController, UISplitViewController, UIStoryboard, UIGraphicsGetCurrentContext)
    /// is not available, not nil; a global a script assigns under such a name is its own.
    @Test func readingAnyAppleGlobalTransitLacksSaysItIsNotAvailable() throws {
        let h = try Harness()
        for name in ["UISplitViewController", "UIPageViewController", "UIStoryboard", "UIGraphicsGetCurrentContext",
                     "CADisplayLinkX", "NSNotificationCenter", "CGContextFillRect"] {
            #expect(try firstLine(h, "local x = \(name)") == "test.lua:1: \(name) is not available in Transit", "\(name)")
        }
        #expect(try h.run("UIMyHelpers = { n = 3 } return tostring(UIMyHelpers.n)") == "3")
        #expect(try h.run("return tostring(rawget(_G, 'UIStoryboard'))") == "nil")
        #expect(try h.run("return tostring(Uisomething) .. tostring(Cat) .. tostring(NSfoo)") == "nilnilnil")
    }

    /// The list of UIKit names Transit lacks holds no member Transit has (it would shadow nothing
    /// but would lie), and names only classes that exist.
    @Test func theUnavailableListNamesOnlyMissingMembers() {
        let api = LuaRuntime.apiDescription
        #expect(!api.unavailable.isEmpty)
        for (className, names) in api.unavailable {
            #expect(api.cls(className) != nil, "\(className)")
            let members = Set(KnownMembers.byClass[className]?.members ?? [])
            #expect(members.isDisjoint(with: names), "\(className): \(members.intersection(names).sorted())")
        }
        #expect(api.markdownReference.contains("`performSegue`"))
        for (className, names) in api.unavailableStatics {
            let bound = Set(api.cls(className)?.functions.map(\.name) ?? [])
            #expect(bound.isDisjoint(with: names), "\(className): \(bound.intersection(names).sorted())")
        }
    }

    /// `UIView.setAnimationsEnabled(false)` from a port names itself, on the class and on a
    /// Lua subclass of it; the class's real functions and nil for other names are unchanged.
    @Test func aUIKitClassMethodTransitLacksSaysSoByName() throws {
        let h = try Harness()
        let message = try h.error("UIView.setAnimationsEnabled(false)")
        #expect(message?.hasPrefix("test.lua:1: UIView.setAnimationsEnabled is not available in Transit") == true, "\(message ?? "no error")")
        let inherited = try h.error("local Card = UIView:subclass('Card') return Card.beginAnimations")
        #expect(inherited?.contains("UIView.beginAnimations is not available in Transit") == true, "\(inherited ?? "no error")")
        #expect(try h.run("return tostring(UIView.animate ~= nil) .. ' ' .. tostring(UIView.noSuchThing) .. ' ' .. tostring(UILabel.new ~= nil)") == "true nil true")
    }
}

/// The generated stubs are Lua a parser reads: no declared parameter may be named by a Lua
/// keyword (`function CATransaction.setAnimationTimingFunction(function) end` is a syntax error).
@Suite struct StubSyntaxTests {
    @Test func noDeclaredParameterIsALuaKeyword() throws {
        let keywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                                     "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]
        let api = TransitAPI.description
        var offenders: [String] = []
        for cls in api.classes {
            for function in cls.functions + cls.methods + cls.hooks {
                for parameter in function.parameters where keywords.contains(parameter.name) { offenders.append("\(cls.name).\(function.name)(\(parameter.name))") }
            }
        }
        for proto in api.protocols {
            for hook in proto.hooks {
                for parameter in hook.parameters where keywords.contains(parameter.name) { offenders.append("\(proto.name).\(hook.name)(\(parameter.name))") }
            }
        }
        for function in api.namespace.functions + api.globals {
            for parameter in function.parameters where keywords.contains(parameter.name) { offenders.append("\(function.name)(\(parameter.name))") }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
