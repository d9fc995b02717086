variable "enabled" {
  type = bool
  default = true
}

variable "size" {
  type = number
}
