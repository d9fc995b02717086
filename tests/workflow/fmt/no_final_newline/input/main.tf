locals {
a = 1
}