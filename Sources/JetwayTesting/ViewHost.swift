import Jetway
