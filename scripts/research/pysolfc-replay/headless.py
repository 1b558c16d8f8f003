"""Run PySolFC's own game classes without a display.

The display layer (pysollib.pysoltk: Tk canvas items, cards' images, dialogs, timers) is replaced
by a stub module whose every name is an inert Dummy; the application object (app) is a fake with
the options every game reads. The game logic (pysollib.game.Game, pysollib.stack, the games'
modules, the save-file loader, pysol_cards' random generators) is PySolFC's own, unmodified.

Options: every PySolFC convenience is off (app.opt.autofaceup, autodrop, autodeal, quickplay,
animations are 0), so only what the games' own classes do (Game.fillStack, Stack.moveMove,
Talon.dealCards) happens after a move.
"""
import os
import sys
import types

PYSOLFC_SRC = os.environ.get("PYSOLFC_SRC", "/tmp/pysolfc-src")
REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


class Dummy:
    """Accepts any attribute, call, iteration; is false."""

    def __init__(self, *a, **k):
        pass

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return Dummy()

    def __call__(self, *a, **k):
        return Dummy()

    def __iter__(self):
        return iter(())

    def __bool__(self):
        return False

    def __len__(self):
        return 0

    def __getitem__(self, k):
        return Dummy()

    def __setitem__(self, k, v):
        pass

    # numbers from the display (text widths, canvas coordinates) read as 0
    def _zero(self, *a):
        return 0
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _zero
    __floordiv__ = __rfloordiv__ = __truediv__ = __rtruediv__ = _zero
    __int__ = __index__ = _zero

    def __float__(self):
        return 0.0

    def _false(self, other):
        return False
    __lt__ = __le__ = __gt__ = __ge__ = _false


def _make_card_class():
    from pysollib.acard import AbstractCard

    class Card(AbstractCard):
        """PySolFC's AbstractCard with the image calls made no-ops."""

        def __init__(self, id, deck, suit, rank, game, x=0, y=0):
            AbstractCard.__init__(self, id, deck, suit, rank, game, x=x, y=y)
            self.item = Dummy()

        def showFace(self, unhide=1):
            self.face_up = 1

        def showBack(self, unhide=1):
            self.face_up = 0

        def updateCardBackground(self, image):
            pass

        def moveTo(self, x, y):
            self.x, self.y = x, y

        def moveBy(self, dx, dy):
            self.x += dx
            self.y += dy

    return Card


class _StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name == "Card":
            c = _make_card_class()
            setattr(self, "Card", c)
            return c
        if name.isupper():      # constants: EVENT_HANDLED, ANCHOR_NW, CURSOR_WATCH, ...
            return name
        return Dummy


def install_stub():
    if PYSOLFC_SRC not in sys.path:
        sys.path.insert(0, PYSOLFC_SRC)
    stub = _StubModule("pysollib.pysoltk")
    stub.__file__ = "<headless stub>"
    sys.modules["pysollib.pysoltk"] = stub


class Canvas(Dummy):
    xmargin = ymargin = 0
    preview = 0
    busy = False


class Opt:
    """app.opt: every option not named here reads 0 (off)."""

    def __init__(self):
        self.player = "replay"
        self.colors = {}
        self.timeouts = {}
        self.games_geometry = {}
        self.game_geometry = (0, 0)
        self.scale_x = self.scale_y = 1.0
        self.randomize_place = False
        self.sound_samples = {}

    def calcCustomMouseButtonsBinding(self, binding_format):
        return binding_format

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return 0


class Images:
    CARDW, CARDH = 71, 96
    CARD_XOFFSET, CARD_YOFFSET = 14, 20
    SHADOW_XOFFSET = SHADOW_YOFFSET = 0
    _xfactor = _yfactor = 1.0

    def getSize(self):
        return self.CARDW, self.CARDH

    def getOffsets(self):
        return self.CARD_XOFFSET, self.CARD_YOFFSET

    def getDelta(self):
        return 0, 0

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Dummy()


class Stats:
    def getStats(self, *a, **k):
        return (0, 0)

    def updateStats(self, *a, **k):
        return 0

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Dummy()


class App:
    def __init__(self):
        from pysollib.gamedb import GAME_DB
        self.gdb = GAME_DB
        self.opt = Opt()
        self.images = Images()
        self.stats = Stats()
        self.top = Dummy()
        self.canvas = Canvas()
        self.intro = Dummy()
        self.top_cursor = None
        self.speech = Dummy()
        self.audio = None
        self.gimages = Dummy()
        self.menubar = Dummy()
        self.toolbar = Dummy()
        self.statusbar = Dummy()
        self.demo_counter = 0
        import random
        self.miscrandom = random.Random(0)

    def getGameTitleName(self, id):
        return self.gdb.get(id).name

    def getFont(self, name):
        return ("helvetica", 12)

    def constructGame(self, id):
        gi = self.gdb.get(id)
        if gi is None:
            raise Exception("Unknown game (id %d)" % id)
        return gi.gameclass(gi)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Dummy()


_APP = None


def setup():
    """Install the stub and import the games this project plays; returns the fake app."""
    global _APP
    if _APP is None:
        install_stub()
        import pysollib.games.algerian  # noqa: F401  Carthage 321, Algerian Patience 322
        import pysollib.games.terrace  # noqa: F401  Terrace family 135..138, 431
        import pysollib.games.royalcotillion  # noqa: F401  Alhambra 234, Granada 465, 609
        _APP = App()
    return _APP


def new_game(game_id, number):
    """PySolFC's own Game.create + Game.newGame for game number NUMBER (no autoplay)."""
    app = setup()
    from pysollib.pysolrandom import construct_random
    game = app.constructGame(game_id)
    game.create(app)
    game.newGame(random=construct_random(str(number)), autoplay=0)
    return game


def load_save(path):
    """PySolFC's File > Open: Game._loadGame (its unpickler) + Game.restoreGame into a created game."""
    app = setup()
    # Game._undumpGame (a method of the running game) constructs the saved game itself;
    # restoreGame then puts it into the running game, which must be a created game of the same
    # id (PySolFC's loadGame when the open game has that id: nextGameFlags(id) == 0).
    probe = _game_id_of(path)
    running = new_game(probe, 1)
    loaded = running._loadGame(path, app)
    running.restoreGame(loaded)
    return running


def _game_id_of(path):
    import pickle
    with open(path, "rb") as f:
        up = pickle.Unpickler(f)
        vals = [up.load() for _ in range(6)]
    return vals[5]
