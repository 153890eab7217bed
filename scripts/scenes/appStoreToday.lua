-- The App Store "Today" screen of aunnnn/AppStoreiOS11InteractiveTransition, for
-- scripts/presentations/appStoreCard.lua: a list of cards laid out with Auto Layout as the
-- original's HomeViewController lays out its collection view (pinned to the safe area; each
-- card 20 pt in from the sides, 1.2 times as tall as it is wide, 20 pt apart, the first 20 pt
-- below the top), each card a rounded content view (CardContentView.xib: corner radius 16, a
-- small title 16 pt in, a big one 12 pt below it, a description 16 pt from the bottom) in a
-- shadowed cell (CardCollectionViewCell: shadow 0.2, radius 12, offset (0, 4)). Tapping a card
-- does what didSelectItemAt does: it sets the transition's source card and presents the card's
-- detail screen (its card content on top, 1.3 times as tall as wide, text below) with the
-- custom style. The scene taps the first card, dismisses, then taps the second (lower, so its
-- spring is bouncier and longer) and dismisses.
-- Run:  transit run scripts/scenes/appStoreToday.lua
--       transit render scripts/scenes/appStoreToday.lua -o today.gif
-- (or with another card effect: transit run EFFECT.lua --scene scripts/scenes/appStoreToday.lua)

local transition = transit.effect or require("presentations.appStoreCard")

-- CardContentViewModel, HomeViewController.cardModels (colours stand in for the images).
local cardModels = {
  { primary = "GAME OF THE DAY", secondary = "Minecraft makes a splash",
    description = "The ocean is a big place. Tap to read how Minecraft's just got even bigger.",
    color = UIColor(0.16, 0.45, 0.72, 1) },
  { primary = "You won't believe this guy", secondary = "Something we want",
    description = "They have something we want which is not something we need.",
    color = UIColor(0.82, 0.42, 0.25, 1) },
  { primary = "LET'S PLAY", secondary = "Cats, cats, cats!", description = "Play these games right meow.",
    color = UIColor(0.45, 0.62, 0.35, 1) },
}

local function pin(view, to)
  view.translatesAutoresizingMaskIntoConstraints = false
  NSLayoutConstraint.activate{
    view.topAnchor:constraint{equalTo = to.topAnchor},
    view.leadingAnchor:constraint{equalTo = to.leadingAnchor},
    view.trailingAnchor:constraint{equalTo = to.trailingAnchor},
    view.bottomAnchor:constraint{equalTo = to.bottomAnchor},
  }
end

-- A label placed by constraints: its top `gap` below `top`, 16 pt in from the leading side,
-- `width` wide (or to 16 pt from the trailing side), `height` tall.
local function label(parent, options, top, gap, height, width)
  local l = UILabel.new(options)
  l.translatesAutoresizingMaskIntoConstraints = false
  parent:addSubview(l)
  NSLayoutConstraint.activate{
    l.topAnchor:constraint{equalTo = top, constant = gap},
    l.leadingAnchor:constraint{equalTo = parent.leadingAnchor, constant = 16},
    width and l.widthAnchor:constraint{equalToConstant = width}
      or l.trailingAnchor:constraint{equalTo = parent.trailingAnchor, constant = -16},
    l.heightAnchor:constraint{equalToConstant = height},
  }
  return l
end

-- CardContentView.xib: the image (here its colour, at alpha 0.8) filling a clipped view, the
-- small title (18 semibold) 16 pt from the top, the big one (bold) 12 pt below it, 200 pt wide,
-- the description (17, two lines) 16 pt above the bottom. Added to `parent` first, which places
-- it (its own subviews are constrained once it is in `parent`'s hierarchy).
local function makeCardContentView(model, name, parent)
  local content = UIView.new{ name = name, backgroundColor = UIColor.white }
  content.translatesAutoresizingMaskIntoConstraints = false
  content.clipsToBounds = true
  parent:addSubview(content)
  local image = UIView.new{ name = "image", backgroundColor = model.color }
  image.alpha = 0.8
  content:addSubview(image)
  pin(image, content)
  local small = label(content, { text = model.primary, fontSize = 18, fontWeight = "semibold",
    textColor = UIColor.white }, content.topAnchor, 16, 22)
  label(content, { text = model.secondary, fontSize = 36, fontWeight = "bold", numberOfLines = 0,
    textColor = UIColor.white }, small.bottomAnchor, 12, 120, 200)
  local description = UILabel.new{ text = model.description, fontSize = 17, numberOfLines = 2,
    textColor = UIColor.white }
  description.translatesAutoresizingMaskIntoConstraints = false
  content:addSubview(description)
  NSLayoutConstraint.activate{
    description.bottomAnchor:constraint{equalTo = content.bottomAnchor, constant = -16},
    description.leadingAnchor:constraint{equalTo = content.leadingAnchor, constant = 16},
    description.trailingAnchor:constraint{equalTo = content.trailingAnchor, constant = -16},
    description.heightAnchor:constraint{equalToConstant = 41},
  }
  return content
end

-- CardDetailViewController (Main.storyboard): the card content at the top, as wide as the
-- screen and 1.3 times as tall (priority 999), never below the safe area's bottom while the
-- screen is smaller than that (cardBottomToRootBottomConstraint), the text below it. The
-- constraints are made when the view loads, as the storyboard's are there from the start.
local CardDetailViewController = UIViewController:subclass("CardDetailViewController")

function CardDetailViewController:viewDidLoad()
  local model, view = self.model, self.view
  local content = makeCardContentView(model, "cardContentView", view)
  local height = content.heightAnchor:constraint{equalTo = content.widthAnchor, multiplier = 1.3}
  height.priority = 999
  NSLayoutConstraint.activate{
    content.topAnchor:constraint{equalTo = view.topAnchor},
    content.leadingAnchor:constraint{equalTo = view.leadingAnchor},
    content.trailingAnchor:constraint{equalTo = view.trailingAnchor},
    height,
    view.safeAreaLayoutGuide.bottomAnchor:constraint{greaterThanOrEqualTo = content.bottomAnchor},
  }
  local text = UILabel.new{ numberOfLines = 0, fontSize = 17, textColor = UIColor.darkGray,
    text = "Lorem ipsum dolor sit er elit lamet, consectetaur cillium adipisicing pecu, sed do eiusmod " ..
      "tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud " ..
      "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat." }
  text.translatesAutoresizingMaskIntoConstraints = false
  view:addSubview(text)
  NSLayoutConstraint.activate{
    text.topAnchor:constraint{equalTo = content.bottomAnchor, constant = 16},
    text.leadingAnchor:constraint{equalTo = view.leadingAnchor, constant = 20},
    text.trailingAnchor:constraint{equalTo = view.trailingAnchor, constant = -20},
    text.heightAnchor:constraint{equalToConstant = 200},
  }
  -- Laid out at once, so the content starts where the card is rather than growing from zero
  -- inside the transition's animation.
  UIView.performWithoutAnimation(function() view:layoutIfNeeded() end)
end

local function makeCardDetail(model)
  local detail = CardDetailViewController.new{ title = model.secondary, backgroundColor = UIColor.white }
  detail.model = model
  detail.view.clipsToBounds = true
  return detail
end

-- HomeViewController: the list pinned to the safe area, the cards in it.
local home = UIViewController.new{ title = "Today", backgroundColor = UIColor.white }
transit.window.rootViewController = home
local list = UIView.new{ name = "cardList" }
list.translatesAutoresizingMaskIntoConstraints = false
home.view:addSubview(list)
local safe = home.view.safeAreaLayoutGuide
NSLayoutConstraint.activate{
  list.topAnchor:constraint{equalTo = safe.topAnchor},
  list.leadingAnchor:constraint{equalTo = safe.leadingAnchor},
  list.trailingAnchor:constraint{equalTo = safe.trailingAnchor},
  list.bottomAnchor:constraint{equalTo = safe.bottomAnchor},
}

local cells = {}
local function didSelect(index)
  local cell = cells[index]
  -- CardTransition.Params: the tapped cell (the transition reads its frames from it).
  transition.sourceView = cell
  local vc = makeCardDetail(cardModels[index])
  vc.transitioningDelegate = transition
  vc.modalPresentationCapturesStatusBarAppearance = true
  vc.modalPresentationStyle = "custom"
  home:present(vc, true, nil)
  return vc
end

-- sizeForItemAt: width − 2 × 20, height 1.2 × width; sectionInset top 20, line spacing 20.
local previous
for index, model in ipairs(cardModels) do
  local cell = UIView.new{ name = "card " .. index, backgroundColor = UIColor.clear }
  cell.translatesAutoresizingMaskIntoConstraints = false
  cell.layer.shadowColor = UIColor.black
  cell.layer.shadowOpacity = 0.2
  cell.layer.shadowOffset = CGSize(0, 4)
  cell.layer.shadowRadius = 12
  list:addSubview(cell)
  NSLayoutConstraint.activate{
    cell.topAnchor:constraint{equalTo = previous and previous.bottomAnchor or list.topAnchor, constant = 20},
    cell.centerXAnchor:constraint{equalTo = list.centerXAnchor},
    cell.widthAnchor:constraint{equalTo = list.widthAnchor, constant = -2 * 20},
    cell.heightAnchor:constraint{equalTo = cell.widthAnchor, multiplier = 1.2},
  }
  local content = makeCardContentView(model, "cardContentView " .. index, cell)
  content.layer.cornerRadius = 16
  pin(content, cell)
  cell:addGestureRecognizer(UITapGestureRecognizer.new(function() didSelect(index) end))
  cells[index] = cell
  previous = cell
end
home.view:layoutIfNeeded()

local function waitWhile(condition)
  local waited = 0
  while condition() and waited < 10 do transit.wait(0.05); waited = waited + 0.05 end
end

for _, index in ipairs({ 1, 2 }) do
  transit.wait(0.3)
  local frame = cells[index]:convert(cells[index].bounds, nil)
  transit.log("tap card", index)
  transit.touch.tap{ at = CGPoint(frame.midX, math.min(frame.midY, transit.screen.bounds.height - 80)) }
  transit.wait(0.1)
  local vc = home.presentedViewController
  waitWhile(function() return vc and vc.isBeingPresented end)
  transit.wait(0.6)
  if vc then
    transit.log("dismiss card", index)
    vc:dismiss(true, nil)
    transit.wait(0)
    waitWhile(function() return vc.presentingViewController ~= nil end)
  end
end
transit.wait(0.3)
