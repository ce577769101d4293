// See launch.c: a constructor, nothing to call.
#pragma once
