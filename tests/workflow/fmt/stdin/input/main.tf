locals {
a=1
}
