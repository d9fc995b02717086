variable "enabled" {
  type = bool
  description = "A variable."
  default = true
}
